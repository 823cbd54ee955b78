/** One wish as the book measures it: its height, and what must fit at a page's foot to start it there. */
export type WishBlock = { height: number; needed: number };

/** The space the book leaves below each wish, which may fall off a page's foot. */
export const WISH_GAP = 20;

/** A last page filled less than this share gets wishes from the page before it. */
const MIN_LAST_PAGE_FILL = 1 / 3;

type Page = { start: number; used: number; split: boolean };

/** The pages the wishes fill one after another, as the renderer breaks them (a long wish flows on). */
function fillPages(blocks: WishBlock[], space: { first: number; next: number }): Page[] {
  const pages: Page[] = [{ start: 0, used: 0, split: false }];
  let room = space.first;
  blocks.forEach((block, index) => {
    let page = pages.at(-1)!;
    if (page.used > 0 && page.used + Math.min(block.needed, space.next) > room) {
      page = { start: index, used: 0, split: false };
      pages.push(page);
      room = space.next;
    }
    page.used += block.height + WISH_GAP;
    while (page.used - WISH_GAP > room) {
      page.split = true;
      page = { start: index, used: page.used - room, split: true };
      pages.push(page);
      room = space.next;
    }
  });
  return pages;
}

/**
 * The wish before which the renderer starts the last page, when the last page would otherwise be
 * a near-empty tail: the last two pages share their wishes about evenly instead. Undefined when the
 * natural breaks are fine (one page, a full enough last page, or a wish flowing over a page there).
 */
export function findTailBreak(blocks: WishBlock[], space: { first: number; next: number }): number | undefined {
  const pages = fillPages(blocks, space);
  const last = pages.at(-1)!;
  const before = pages.at(-2);
  if (!before || before.split || last.split || last.used >= space.next * MIN_LAST_PAGE_FILL) return undefined;
  const heights = blocks.slice(before.start).map((block) => block.height + WISH_GAP);
  const total = heights.reduce((sum, height) => sum + height, 0);
  let best: { index: number; difference: number } | undefined;
  let head = 0;
  for (let index = 1; index < heights.length; index += 1) {
    head += heights[index - 1]!;
    const tail = total - head;
    if (tail - WISH_GAP > space.next) continue;
    const difference = Math.abs(head - tail);
    if (!best || difference < best.difference) best = { index, difference };
  }
  return best && before.start + best.index < last.start ? before.start + best.index : undefined;
}
