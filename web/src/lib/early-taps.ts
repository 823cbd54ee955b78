// The guest page's scripts start after its first paint (decision 012), so for a moment its buttons
// are drawn but do nothing. Rather than lose a tap made then (decision 030), the page's starter
// script records the last button pressed; the client stops recording just before React hydrates
// (from then on React handles every click itself), and the page presses that button again once it
// runs. A hydrated button is the very element the server drew, so pressing it again does exactly
// what the tap would have done.
//
// A form sent is held until the page has run, not only until React starts: React replays a click
// that lands mid-hydration, but not the submit it causes, which then went natively (a POST to the
// page, answered by the server's 'Not found'; the flaky sign-in in auth.spec.ts was this).

type EarlyTaps = {
  button: HTMLButtonElement | null;
  form: HTMLFormElement | null;
  stopRecordingButtons: () => void;
  stop: () => void;
};

declare global {
  interface Window {
    firstdayEarlyTaps?: EarlyTaps;
  }
}

/**
 * Runs in the browser, inlined in the page's starter script (hydrate-after-paint.ts), so it must not
 * use anything outside itself. `type="button"` buttons, and forms sent (a submit button, Enter in a
 * field): the form is held back, not sent natively, and sent again once the page runs (decision 035:
 * the sign-in and sign-up pages), with what was typed in it (use-form-checked-on-send.ts). Every page
 * with the starter calls `replayEarlyTap` once it runs, which ends the holding.
 */
export function captureEarlyTaps() {
  const taps: EarlyTaps = {
    button: null,
    form: null,
    stopRecordingButtons: () => document.removeEventListener('click', record, true),
    stop: () => {
      taps.stopRecordingButtons();
      window.removeEventListener('submit', holdSubmit);
    },
  };
  function record(event: Event) {
    const target = event.target as Element | null;
    const button = target?.closest?.<HTMLButtonElement>('button[type="button"]');
    if (button) taps.button = button;
  }
  // Last in the submit's path (the window, bubbling), so after React's handler: a form React has
  // handled is not sent natively (its handler prevented that) and is left alone.
  function holdSubmit(event: Event) {
    if (event.defaultPrevented) return;
    event.preventDefault();
    taps.form = event.target as HTMLFormElement;
  }
  document.addEventListener('click', record, true);
  window.addEventListener('submit', holdSubmit);
  window.firstdayEarlyTaps = taps;
}

/**
 * Called right before React hydrates: from then on React itself handles a click, even mid-hydration.
 * A form sent is still held until the page has run.
 */
export function stopCapturingEarlyTaps() {
  window.firstdayEarlyTaps?.stopRecordingButtons();
}

/**
 * Called once the page has hydrated: presses the button tapped before, else sends the form sent before, if any. In the next task, so
 * that the renders the first client render schedules (the visitor's own day greys the days that
 * have passed) are on the page first and the button answers as it would now.
 */
export function replayEarlyTap() {
  const taps = window.firstdayEarlyTaps;
  if (!taps) return;
  taps.stop();
  window.firstdayEarlyTaps = undefined;
  const { button, form } = taps;
  if (button) setTimeout(() => button.isConnected && button.click());
  else if (form) setTimeout(() => form.isConnected && form.requestSubmit());
}
