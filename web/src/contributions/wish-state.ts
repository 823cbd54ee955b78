/** A wish card's look for the creator (PRODUCT.md): unread, opened in this visit, or read before. */
export type WishCardState = 'new_closed' | 'new_open' | 'plain';

export function getWishCardState(
  wish: { id: string; read: boolean },
  openedThisVisit: ReadonlySet<string>,
): WishCardState {
  if (openedThisVisit.has(wish.id)) return 'new_open';
  return wish.read ? 'plain' : 'new_closed';
}
