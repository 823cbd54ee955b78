import type { OwnerCalendar, PayRequest, PayResponse } from '@firstday/common/calendars';
import { useEffect, useRef, useState } from 'react';
import { useT } from '../i18n/use-t.tsx';
import { ApiError } from '../lib/api.ts';
import { getErrorMessage, getPaymentFailureMessage, isRetryableError } from '../lib/error-messages.ts';
import { getPaymentAttempt, type PaymentAttempt, pollUntilActive } from '../payments/payment-attempt.ts';
import { getCalendar, payForCalendar } from './calendars-api.ts';
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

export type PaymentPhase = 'idle' | 'paying' | 'confirming' | 'still_confirming';

type PayMethod = PayRequest['method'];

/** Confirms a payment in the browser (Stripe); answers an error text, or null when it went through. */
type ConfirmWithProvider = (response: PayResponse) => Promise<string | null>;

export type PaymentResult = { fieldErrors?: Readonly<Record<string, string>> };

/** The captcha's state for the page, with the widget's callback. */
export type PaymentCaptcha = FeeCaptcha & { onChange: (value: string | null) => void };

/**
 * One payment flow for every method: an idempotency key per attempt, the failure texts, the captcha
 * the server asks for after a few declines, and waiting for the provider's confirmation (polling the
 * calendar) before the welcome step.
 */
export function usePayment(calendarId: string, onPaid: (calendar: OwnerCalendar) => void) {
  const t = useT();
  const [phase, setPhase] = useState<PaymentPhase>('idle');
  const [problem, setProblem] = useState<string | null>(null);
  const attemptRef = useRef<PaymentAttempt | null>(null);
  const pollRef = useRef<AbortController | null>(null);
  // State updates are not synchronous: a double click must not start a second request.
  const busyRef = useRef(false);
  // Read synchronously when Pay is pressed: a value solved a moment ago must be sent.
  const captchaRef = useRef<FeeCaptcha>(createFeeCaptcha(wasCaptchaAsked(calendarId)));
  const [captcha, setCaptcha] = useState(captchaRef.current);

  useEffect(() => () => pollRef.current?.abort(), []);

  function updateCaptcha(event: FeeCaptchaEvent) {
    captchaRef.current = updateFeeCaptcha(captchaRef.current, event);
    if (captchaRef.current.required) rememberCaptchaAsked(calendarId);
    setCaptcha(captchaRef.current);
  }

  async function waitForActivation() {
    pollRef.current?.abort();
    const controller = new AbortController();
    pollRef.current = controller;
    setPhase('confirming');
    setProblem(null);
    try {
      const calendar = await pollUntilActive((signal) => getCalendar(calendarId, { signal }), {
        signal: controller.signal,
      });
      if (controller.signal.aborted) return;
      if (calendar) {
        attemptRef.current = null;
        onPaid(calendar);
      } else {
        setPhase('still_confirming');
      }
    } catch {
      if (!controller.signal.aborted) setPhase('still_confirming');
    }
  }

  /**
   * True when an attempt may be sent: no captcha is asked for, or it is solved. Otherwise points at
   * the captcha; sending would only be refused, and nothing is made, not even a Stripe PaymentIntent.
   */
  function checkCaptcha(): boolean {
    if (getCaptchaValue(captchaRef.current) !== null) return true;
    setProblem(null);
    updateCaptcha({ type: 'missing' });
    return false;
  }

  async function pay(method: PayMethod, confirmWithProvider?: ConfirmWithProvider): Promise<PaymentResult> {
    if (busyRef.current || !checkCaptcha()) return {};
    const captchaValue = getCaptchaValue(captchaRef.current) ?? undefined;
    busyRef.current = true;
    try {
      return await startPayment(method, captchaValue, confirmWithProvider);
    } finally {
      busyRef.current = false;
    }
  }

  async function startPayment(
    method: PayMethod,
    captchaValue: string | undefined,
    confirmWithProvider?: ConfirmWithProvider,
  ): Promise<PaymentResult> {
    // A retry of the same details after a lost answer reuses the key: the server answers the same payment.
    const attempt = getPaymentAttempt(attemptRef.current, JSON.stringify(method), () => crypto.randomUUID());
    attemptRef.current = attempt;
    setPhase('paying');
    setProblem(null);
    let response: PayResponse;
    try {
      response = await payForCalendar(calendarId, { idempotencyKey: attempt.key, method, captchaValue });
    } catch (error) {
      setPhase('idle');
      if (isCaptchaRequest(error)) {
        // Asked now, or the value sent was refused (expired, used): the lead above the widget says why.
        attemptRef.current = null;
        updateCaptcha({ type: 'asked' });
        return {};
      }
      if (isRetryableError(error)) {
        // The captcha value stays: the server ties it to the attempt's key, and a retry sends both again.
        setProblem(t('calendars.payment.retrySafe', { problem: getErrorMessage(error, t) }));
        return {};
      }
      updateCaptcha({ type: 'spent' });
      if (error instanceof ApiError && error.code === 'already_paid') {
        await waitForActivation();
        return {};
      }
      attemptRef.current = null;
      setProblem(getErrorMessage(error, t));
      return { fieldErrors: error instanceof ApiError ? error.fields : undefined };
    }
    updateCaptcha({ type: 'spent' });

    if (response.payment.status === 'failed') {
      // A declined attempt is over: the next try is a new payment with a new key.
      attemptRef.current = null;
      setPhase('idle');
      setProblem(getPaymentFailureMessage(response.payment.failureCode, t));
      return {};
    }
    if (confirmWithProvider) {
      const providerProblem = await confirmWithProvider(response);
      if (providerProblem) {
        attemptRef.current = null;
        setPhase('idle');
        setProblem(providerProblem);
        return {};
      }
    }
    if (response.calendar.status !== 'draft') {
      attemptRef.current = null;
      onPaid(response.calendar);
      return {};
    }
    await waitForActivation();
    return {};
  }

  const onCaptchaChange = (value: string | null) => updateCaptcha({ type: 'solved', value });
  const paymentCaptcha: PaymentCaptcha = { ...captcha, onChange: onCaptchaChange };
  return { phase, problem, setProblem, pay, checkAgain: waitForActivation, checkCaptcha, captcha: paymentCaptcha };
}
