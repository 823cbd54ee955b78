import { describe, expect, it } from 'vitest';
import { findTailBreak, WISH_GAP, type WishBlock } from './plan-wish-pages.ts';

const SPACE = { first: 500, next: 600 };

function wishes(...heights: number[]): WishBlock[] {
  return heights.map((height) => ({ height: height - WISH_GAP, needed: height - WISH_GAP }));
}

describe('findTailBreak', () => {
  it('moves wishes to a last page that would hold a single short one', () => {
    // Five wishes fill the first page, six the second, the twelfth alone on a third.
    const blocks = wishes(...Array.from({ length: 12 }, () => 100));
    const index = findTailBreak(blocks, SPACE);
    expect(index).toBeDefined();
    // The second and the last page share their seven wishes: no page has fewer than three.
    expect(index! - 5).toBeGreaterThanOrEqual(3);
    expect(12 - index!).toBeGreaterThanOrEqual(3);
  });

  it('leaves a full enough last page, a single page and a long wish that flows over alone', () => {
    expect(findTailBreak(wishes(...Array.from({ length: 14 }, () => 100)), SPACE)).toBeUndefined();
    expect(findTailBreak(wishes(100, 100, 100), SPACE)).toBeUndefined();
    expect(findTailBreak([{ height: 1500, needed: 120 }], SPACE)).toBeUndefined();
  });

  it('leaves no last page under a third full for any count of wishes of mixed lengths', () => {
    for (let count = 1; count <= 60; count += 1) {
      const blocks = wishes(...Array.from({ length: count }, (_, index) => 60 + ((index * 37) % 140)));
      const index = findTailBreak(blocks, SPACE);
      // The last page as the renderer will fill it: from the tail break, or the natural last break.
      let used = 0;
      let start = 0;
      let room = SPACE.first;
      blocks.forEach((block, position) => {
        if (position === index || (used > 0 && used + block.needed > room)) {
          start = position;
          used = 0;
          room = SPACE.next;
        }
        used += block.height + WISH_GAP;
      });
      expect(used, `${count} wishes`).toBeLessThanOrEqual(SPACE.next);
      if (start > 0) expect(used, `${count} wishes`).toBeGreaterThanOrEqual(Math.min(SPACE.next / 3, 200));
    }
  });
});
