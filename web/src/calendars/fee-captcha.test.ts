// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api.ts';
import {
  createFeeCaptcha,
  type FeeCaptcha,
  type FeeCaptchaEvent,
  getCaptchaValue,
  isCaptchaRequest,
  rememberCaptchaAsked,
  updateFeeCaptcha,
  wasCaptchaAsked,
} from './fee-captcha.ts';

function play(state: FeeCaptcha, ...events: FeeCaptchaEvent[]): FeeCaptcha {
  return events.reduce(updateFeeCaptcha, state);
}

describe('the fee captcha', () => {
  it('is not asked for until the server asks: attempts go without a value', () => {
    const state = createFeeCaptcha(false);
    expect(getCaptchaValue(state)).toBeUndefined();
    expect(play(state, { type: 'spent' })).toEqual(state);
  });

  it('once asked, holds every attempt until it is solved and sends the solved value', () => {
    const asked = play(createFeeCaptcha(false), { type: 'asked' });
    expect(asked.required).toBe(true);
    expect(getCaptchaValue(asked)).toBeNull();

    const pressed = play(asked, { type: 'missing' }, { type: 'missing' });
    expect(pressed).toMatchObject({ missing: true, nudges: 2 });

    const solved = play(pressed, { type: 'solved', value: 'c29sdmVk' });
    expect(getCaptchaValue(solved)).toBe('c29sdmVk');
    expect(solved.missing).toBe(false);
  });

  it('spends the value on each answered attempt and draws a fresh widget, still asking', () => {
    const solved = play(createFeeCaptcha(true), { type: 'solved', value: 'b25jZQ==' });
    const spent = play(solved, { type: 'spent' });
    expect(spent.required).toBe(true);
    expect(spent.round).toBe(solved.round + 1);
    expect(getCaptchaValue(spent)).toBeNull();
  });

  it('forgets a value that expired, and a refused value brings a fresh widget', () => {
    const expired = play(createFeeCaptcha(true), { type: 'solved', value: 'b2xk' }, { type: 'solved', value: null });
    expect(getCaptchaValue(expired)).toBeNull();

    const refused = play(createFeeCaptcha(true), { type: 'solved', value: 'dXNlZA==' }, { type: 'asked' });
    expect(refused).toMatchObject({ required: true, value: null, round: 1, missing: false });
  });

  it('knows the pay route’s captcha_required answer and no other', () => {
    expect(isCaptchaRequest(new ApiError({ status: 400, code: 'captcha_required', message: 'x' }))).toBe(true);
    expect(isCaptchaRequest(new ApiError({ status: 429, code: 'payments_paused', message: 'x' }))).toBe(false);
    expect(isCaptchaRequest(new Error('captcha_required'))).toBe(false);
  });

  it('remembers for the visit which calendars asked', () => {
    expect(wasCaptchaAsked('calendar-a')).toBe(false);
    rememberCaptchaAsked('calendar-a');
    expect(wasCaptchaAsked('calendar-a')).toBe(true);
    expect(wasCaptchaAsked('calendar-b')).toBe(false);
  });
});
