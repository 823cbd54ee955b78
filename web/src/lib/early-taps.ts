// The guest page's scripts start after its first paint (decision 012), so for a moment its buttons
// are drawn but do nothing. Rather than lose a tap made then (decision 030), the page's starter
// script records the last button pressed; the client stops recording just before React hydrates
// (from then on React handles every click itself), and the page presses that button again once it
// runs. A hydrated button is the very element the server drew, so pressing it again does exactly
// what the tap would have done.
//
// A form sent is held until the page has run, not only until React starts, and before React sees
// it: React replays a click that lands mid-hydration, but not the submit it causes, which then went
// natively (a POST to the page, answered by the server's 'Not found'; the flaky sign-in in
// auth.spec.ts was this); and where the form itself had hydrated, React sent it before the fields
// beside it had, with their server values (a new IBAN on Calendar Info saved as 'no change').
//
// A field changed before React runs keeps what the visitor did on screen, but React hydrates it
// without telling the page: a radio button chosen, an invitation typed or a switch turned would show
// and yet not count (Calendar Info's end-of-calendar choice was not saved, its share links kept the
// old invitation). So the starter also notes each field changed, and the page tells React of it
// once it runs, as the visitor's own change (`reportChanges`), before pressing a button tapped then.

type EarlyTaps = {
  button: HTMLButtonElement | null;
  form: HTMLFormElement | null;
  /** Fields changed (typed into, chosen, turned), in the order first changed. */
  changed: Set<Element>;
  /** What the visitor left in them, read just before React hydrates (it sets a textarea back). */
  left?: FieldValues;
  stopRecording: () => void;
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
    changed: new Set(),
    stopRecording: () => {
      document.removeEventListener('click', record, true);
      document.removeEventListener('input', recordChange, true);
      document.removeEventListener('change', recordChange, true);
    },
    stop: () => {
      taps.stopRecording();
      window.removeEventListener('submit', holdSubmit, true);
    },
  };
  function record(event: Event) {
    const target = event.target as Element | null;
    const button = target?.closest?.<HTMLButtonElement>('button[type="button"]');
    if (button) taps.button = button;
  }
  function recordChange(event: Event) {
    const field = event.target as Element | null;
    if (field && /^(INPUT|TEXTAREA|SELECT)$/.test(field.tagName)) taps.changed.add(field);
  }
  // First in the submit's path (the window, capturing), so before React's handler: sent again once
  // the page has run, every field hydrated and told of the visitor's changes.
  function holdSubmit(event: Event) {
    event.preventDefault();
    event.stopImmediatePropagation();
    taps.form = event.target as HTMLFormElement;
  }
  document.addEventListener('click', record, true);
  document.addEventListener('input', recordChange, true);
  document.addEventListener('change', recordChange, true);
  window.addEventListener('submit', holdSubmit, true);
  window.firstdayEarlyTaps = taps;
}

/**
 * Called right before React hydrates: from then on React itself handles a click, even mid-hydration.
 * A form sent is still held until the page has run.
 */
export function stopCapturingEarlyTaps() {
  const taps = window.firstdayEarlyTaps;
  if (!taps) return;
  taps.stopRecording();
  taps.left = readFields(taps.changed);
}

/**
 * Called once the page has hydrated: tells React of the fields changed before, then presses the
 * button tapped before, else sends the form sent before, if any. The press in the next task, so
 * that the renders the first client render schedules (the visitor's own day greys the days that
 * have passed) and the changes are on the page first, and the button answers as it would now.
 */
export function replayEarlyTap() {
  const taps = window.firstdayEarlyTaps;
  if (!taps) return;
  taps.stop();
  window.firstdayEarlyTaps = undefined;
  const { button, form, left } = taps;
  if (left) reportChanges(left);
  if (button) setTimeout(() => button.isConnected && button.click());
  else if (form) setTimeout(() => form.isConnected && form.requestSubmit());
}

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
type FieldValues = (readonly [Field, string | boolean])[];

/** What the visitor left in a field: checked or not for a switch or radio button, else its value. */
function readField(field: Field): string | boolean {
  return field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')
    ? field.checked
    : field.value;
}

/** The changed fields (a file chosen is the photo field's own business) with what the visitor left in them. */
function readFields(fields: Iterable<Element>): FieldValues {
  return [...fields]
    .filter((field): field is Field => !(field instanceof HTMLInputElement && field.type === 'file'))
    .map((field) => [field, readField(field)] as const);
}

/**
 * Tells React of the changes the visitor made before it ran. React notices a change when a field's
 * value differs from the one it last saw (it watches the `value` or `checked` property), and it saw
 * the changed one while hydrating, or set it back (a textarea). So each field is set to something
 * else through that property, then to what the visitor left, and the browser's own event follows:
 * React reports the change to the page as it would have reported the visitor's. What the visitor
 * left was read before: the render one change causes sets the other fields back to what React holds.
 */
function reportChanges(left: FieldValues) {
  for (const [field, value] of left) {
    if (!field.isConnected) continue;
    if (typeof value === 'boolean') {
      // Of a group of radio buttons, only the one chosen last is still checked: the others changed only in passing.
      if (field instanceof HTMLInputElement && field.type === 'radio' && !value) continue;
      (field as HTMLInputElement).checked = !value;
      (field as HTMLInputElement).click();
    } else if (field instanceof HTMLSelectElement) {
      // React reports every 'change' of a select.
      field.value = value;
      field.dispatchEvent(new Event('change', { bubbles: true }));
    } else {
      field.value = `${value} `;
      Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, value);
      field.dispatchEvent(new Event('input', { bubbles: true }));
    }
  }
}
