/**
 * In the next frame, focuses what `find` returns if the focus has nowhere to be: its element was
 * removed, or a tap on a phone focused nothing. A focus the browser or a key has put somewhere
 * since (a modal dialog gives it back to what opened it; Tab moves it) is left alone.
 */
export function focusWhenLost(find: () => HTMLElement | null | undefined) {
  requestAnimationFrame(() => {
    const active = document.activeElement;
    if (active && active !== document.body) return;
    find()?.focus();
  });
}
