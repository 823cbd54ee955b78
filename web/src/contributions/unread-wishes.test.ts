import { describe, expect, it } from 'vitest';
import { formatUnreadBadge, getWishesLinkLabel } from './unread-wishes.ts';

describe('unread wishes', () => {
  it('names the button with the count', () => {
    expect(getWishesLinkLabel(0)).toBe('Wishes');
    expect(getWishesLinkLabel(3)).toBe('Wishes, 3 unread');
  });

  it('keeps the badge short', () => {
    expect(formatUnreadBadge(7)).toBe('7');
    expect(formatUnreadBadge(120)).toBe('99+');
  });
});
