import { ApiError } from '../lib/api.ts';

/**
 * The fee's captcha (decision 022). After a few declined attempts the server answers
 * `captcha_required` and, until its hour has passed, asks for a solved captcha with every attempt.
 * So once asked, the wizard asks before each attempt for the rest of the visit; a captcha value
 * works once, so each attempt gets a freshly solved one.
 */
export type FeeCaptcha = {
  /** The server has asked during this visit. */
  required: boolean;
  /** The solved captcha for the next attempt. */
  value: string | null;
  /** Grows whenever a value is spent or refused: a new widget (React key) for the next attempt. */
  round: number;
  /** Pay was pressed before the captcha was solved. */
  missing: boolean;
  /** Grows with each such press, so the page can move the focus to the captcha every time. */
  nudges: number;
};

export type FeeCaptchaEvent =
  /** The widget was solved (a value) or expired or was reset (null). */
  | { type: 'solved'; value: string | null }
  /** Pay pressed while the captcha is asked for and not solved: no request is sent. */
  | { type: 'missing' }
  /** The attempt that carried the value has its answer (paid, declined, refused): the value is spent. */
  | { type: 'spent' }
  /** The server answered `captcha_required`: it asks now, or refused the value that was sent. */
  | { type: 'asked' };

export function createFeeCaptcha(required: boolean): FeeCaptcha {
  return { required, value: null, round: 0, missing: false, nudges: 0 };
}

export function updateFeeCaptcha(state: FeeCaptcha, event: FeeCaptchaEvent): FeeCaptcha {
  switch (event.type) {
    case 'solved':
      return { ...state, value: event.value, missing: state.missing && !event.value };
    case 'missing':
      return { ...state, missing: true, nudges: state.nudges + 1 };
    case 'spent':
      return state.value === null ? state : { ...state, value: null, round: state.round + 1 };
    case 'asked':
      return { ...state, required: true, value: null, round: state.round + 1, missing: false };
  }
}

/** The value to send with the next attempt; undefined while none is needed; null when one is needed but not solved. */
export function getCaptchaValue(state: FeeCaptcha): string | null | undefined {
  if (state.value) return state.value;
  return state.required ? null : undefined;
}

/** The pay route's answer that the attempt needs a (new) solved captcha. */
export function isCaptchaRequest(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'captcha_required';
}

// The calendars whose fee has asked for a captcha in this visit (until the page is reloaded): going
// back a step and returning must not cost a refused attempt before the widget shows again.
const askedThisVisit = new Set<string>();

export function rememberCaptchaAsked(calendarId: string): void {
  askedThisVisit.add(calendarId);
}

export function wasCaptchaAsked(calendarId: string): boolean {
  return askedThisVisit.has(calendarId);
}
