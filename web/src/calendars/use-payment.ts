import type { OwnerCalendar, PayRequest, PayResponse } from '@firstday/common/calendars';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../lib/api.ts';
import { getErrorMessage, getPaymentFailureMessage, isRetryableError } from '../lib/error-messages.ts';
import { getCalendar, payForCalendar } from './calendars-api.ts';
import { getPaymentAttempt, type PaymentAttempt, pollUntilActive } from './payment-attempt.ts';

export type PaymentPhase = 'idle' | 'paying' | 'confirming' | 'still_confirming';

type PayMethod = PayRequest['method'];

/** Confirms a payment in the browser (Stripe); answers an error text, or null when it went through. */
type ConfirmWithProvider = (response: PayResponse) => Promise<string | null>;

export type PaymentResult = { fieldErrors?: Readonly<Record<string, string>> };

/**
 * One payment flow for every method: an idempotency key per attempt, the failure texts, and waiting
 * for the provider's confirmation (polling the calendar) before the welcome step.
 */
export function usePayment(calendarId: string, onPaid: (calendar: OwnerCalendar) => void) {
  const [phase, setPhase] = useState<PaymentPhase>('idle');
  const [problem, setProblem] = useState<string | null>(null);
  const attemptRef = useRef<PaymentAttempt | null>(null);
  const pollRef = useRef<AbortController | null>(null);
  // State updates are not synchronous: a double click must not start a second request.
  const busyRef = useRef(false);

  useEffect(() => () => pollRef.current?.abort(), []);

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

  async function pay(method: PayMethod, confirmWithProvider?: ConfirmWithProvider): Promise<PaymentResult> {
    if (busyRef.current) return {};
    busyRef.current = true;
    try {
      return await startPayment(method, confirmWithProvider);
    } finally {
      busyRef.current = false;
    }
  }

  async function startPayment(method: PayMethod, confirmWithProvider?: ConfirmWithProvider): Promise<PaymentResult> {
    // A retry of the same details after a lost answer reuses the key: the server answers the same payment.
    const attempt = getPaymentAttempt(attemptRef.current, JSON.stringify(method), () => crypto.randomUUID());
    attemptRef.current = attempt;
    setPhase('paying');
    setProblem(null);
    let response: PayResponse;
    try {
      response = await payForCalendar(calendarId, { idempotencyKey: attempt.key, method });
    } catch (error) {
      setPhase('idle');
      if (error instanceof ApiError && error.code === 'already_paid') {
        await waitForActivation();
        return {};
      }
      if (isRetryableError(error)) {
        setProblem(`${getErrorMessage(error)} If the first try went through, trying again will not charge you twice.`);
        return {};
      }
      attemptRef.current = null;
      setProblem(getErrorMessage(error));
      return { fieldErrors: error instanceof ApiError ? error.fields : undefined };
    }

    if (response.payment.status === 'failed') {
      // A declined attempt is over: the next try is a new payment with a new key.
      attemptRef.current = null;
      setPhase('idle');
      setProblem(getPaymentFailureMessage(response.payment.failureCode));
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

  return { phase, problem, setProblem, pay, checkAgain: waitForActivation };
}
