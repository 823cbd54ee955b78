import { describe, expect, it } from 'vitest';
import { getWishCardState } from './wish-state.ts';

describe('getWishCardState', () => {
  it('goes from new_closed to new_open in the visit, and is plain once read before', () => {
    expect(getWishCardState({ id: 'a', read: false }, new Set())).toBe('new_closed');
    expect(getWishCardState({ id: 'a', read: true }, new Set(['a']))).toBe('new_open');
    expect(getWishCardState({ id: 'a', read: true }, new Set())).toBe('plain');
  });
});
