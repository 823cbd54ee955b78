// @vitest-environment jsdom
import type { OwnerCalendar, PayRequest, PayResponse } from '@firstday/common/calendars';
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api.ts';
import { WithEnglish } from '../lib/test-i18n.tsx';
import { getCalendar, payForCalendar } from './calendars-api.ts';
import { usePayment } from './use-payment.ts';

vi.mock('./calendars-api.ts', () => ({ payForCalendar: vi.fn(), getCalendar: vi.fn() }));

const pay = vi.mocked(payForCalendar);
const CARD = { type: 'card', card: { number: '4242 4242 4242 4242', holderName: 'Ada', expiry: '12/35', cvc: '123' } };
const OTHER_CARD = { ...CARD, card: { ...CARD.card, number: '5555 5555 5555 4444' } };

function calendar(status: OwnerCalendar['status']): OwnerCalendar {
  return { id: 'fee-calendar', status } as OwnerCalendar;
}

function answer(status: PayResponse['payment']['status'], calendarStatus: OwnerCalendar['status']): PayResponse {
  return {
    payment: { status, failureCode: status === 'failed' ? 'card_declined' : undefined },
    calendar: calendar(calendarStatus),
  } as PayResponse;
}

const captchaRequired = () =>
  new ApiError({ status: 400, code: 'captcha_required', message: 'x', fields: { captchaValue: 'x' } });

let calendarCount = 0;

function renderPayment() {
  calendarCount += 1;
  const onPaid = vi.fn();
  const view = renderHook(() => usePayment(`calendar-${calendarCount}`, onPaid), { wrapper: WithEnglish });
  return { ...view, onPaid };
}

function sent(call: number): PayRequest {
  const body = pay.mock.calls[call]?.[1];
  if (!body) throw new Error(`no pay call ${call}`);
  return body;
}

beforeEach(() => {
  pay.mockReset();
  vi.mocked(getCalendar).mockResolvedValue(calendar('active'));
});

afterEach(cleanup);

describe('usePayment and the captcha after declines', () => {
  it('sends no captcha until the server asks, then shows it and sends nothing unsolved', async () => {
    const { result } = renderPayment();
    pay.mockRejectedValueOnce(captchaRequired());
    await act(() => result.current.pay(CARD as PayRequest['method']));

    expect(sent(0).captchaValue).toBeUndefined();
    expect(result.current.captcha).toMatchObject({ required: true, value: null, missing: false });
    expect(result.current.problem).toBeNull();

    await act(() => result.current.pay(CARD as PayRequest['method']));
    expect(pay).toHaveBeenCalledTimes(1);
    expect(result.current.captcha).toMatchObject({ missing: true, nudges: 1 });
  });

  it('lets Stripe check the captcha before it makes anything (Payment Element, wallet sheet)', async () => {
    const { result } = renderPayment();
    expect(result.current.checkCaptcha()).toBe(true);
    pay.mockRejectedValueOnce(captchaRequired());
    await act(() => result.current.pay({ type: 'stripe' }));

    let allowed = true;
    act(() => {
      allowed = result.current.checkCaptcha();
    });
    expect(allowed).toBe(false);
    expect(result.current.captcha.missing).toBe(true);
    act(() => result.current.captcha.onChange('c3RyaXBl'));
    expect(result.current.checkCaptcha()).toBe(true);
  });

  it('sends the solved value once, then asks again with a fresh widget for the next attempt', async () => {
    const { result, onPaid } = renderPayment();
    pay.mockRejectedValueOnce(captchaRequired());
    await act(() => result.current.pay(CARD as PayRequest['method']));
    const firstRound = result.current.captcha.round;

    act(() => result.current.captcha.onChange('Zmlyc3Q='));
    pay.mockResolvedValueOnce(answer('failed', 'draft'));
    await act(() => result.current.pay(OTHER_CARD as PayRequest['method']));
    expect(sent(1).captchaValue).toBe('Zmlyc3Q=');
    expect(result.current.problem).toBe('Your card was declined. Please use another card or try again.');
    expect(result.current.captcha).toMatchObject({ required: true, value: null, round: firstRound + 1 });

    await act(() => result.current.pay(CARD as PayRequest['method']));
    expect(pay).toHaveBeenCalledTimes(2);

    act(() => result.current.captcha.onChange('c2Vjb25k'));
    pay.mockResolvedValueOnce(answer('succeeded', 'active'));
    await act(() => result.current.pay(CARD as PayRequest['method']));
    expect(sent(2).captchaValue).toBe('c2Vjb25k');
    expect(sent(2).idempotencyKey).not.toBe(sent(1).idempotencyKey);
    expect(onPaid).toHaveBeenCalledOnce();
  });

  it('keeps the value for a retry of the same attempt after a lost answer', async () => {
    const { result } = renderPayment();
    pay.mockRejectedValueOnce(captchaRequired());
    await act(() => result.current.pay(CARD as PayRequest['method']));
    act(() => result.current.captcha.onChange('cmV0cnk='));

    pay.mockRejectedValueOnce(new ApiError({ status: 0, code: 'network_error', message: 'x' }));
    await act(() => result.current.pay(CARD as PayRequest['method']));
    expect(result.current.problem).toMatch(/will not charge you twice/);
    expect(result.current.captcha.value).toBe('cmV0cnk=');

    pay.mockResolvedValueOnce(answer('succeeded', 'active'));
    await act(() => result.current.pay(CARD as PayRequest['method']));
    expect(sent(2)).toMatchObject({ idempotencyKey: sent(1).idempotencyKey, captchaValue: 'cmV0cnk=' });
  });

  it('keeps asking for the rest of the visit when the payment step is opened again', async () => {
    const first = renderPayment();
    pay.mockRejectedValueOnce(captchaRequired());
    await act(() => first.result.current.pay(CARD as PayRequest['method']));
    first.unmount();

    const again = renderHook(() => usePayment(`calendar-${calendarCount}`, vi.fn()), { wrapper: WithEnglish });
    expect(again.result.current.captcha.required).toBe(true);
    await act(() => again.result.current.pay({ type: 'wallet', wallet: 'google_pay' }));
    expect(pay).toHaveBeenCalledTimes(1);
  });

  it('words a pause after many declines with when to try again', async () => {
    const { result } = renderPayment();
    pay.mockRejectedValueOnce(
      new ApiError({ status: 429, code: 'payments_paused', message: 'x', retryAfterSeconds: 1800 }),
    );
    await act(() => result.current.pay(CARD as PayRequest['method']));
    expect(result.current.problem).toBe(
      'Too many declined cards. Please try again in 30 minutes or use another way to pay.',
    );
    expect(result.current.phase).toBe('idle');
  });
});
