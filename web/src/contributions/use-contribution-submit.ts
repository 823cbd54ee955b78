import {
  type ContributionResponse,
  GIFT_CONFIRM_ABOVE_AMOUNT,
  type PublicCalendar,
} from '@firstday/common/contributions';
import { GuessedWeightSchema } from '@firstday/common/fun-guess-schemas';
import { type RefObject, useEffect, useRef, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useLocale, useT } from '../i18n/use-t.tsx';
import { ApiError } from '../lib/api.ts';
import { getErrorMessage, getPaymentFailureMessage, isRetryableError } from '../lib/error-messages.ts';
import { setFieldErrors } from '../lib/form-errors.ts';
import { getPaymentAttempt, type PaymentAttempt } from '../payments/payment-attempt.ts';
import {
  CONTRIBUTION_FIELDS,
  type ContributionFormOutput,
  type ContributionFormValues,
  getAmountValues,
} from './contribution-form-values.ts';
import { countGuessesOn, hasGuessAppeared, pollCalendarUntil, splitFieldErrors } from './contribution-submit.ts';
import { createContribution, getPublicCalendar } from './contributions-api.ts';
import { translateFormMessages } from './form-messages.ts';
import type { PaymentHandle, PaymentMethod } from './gift-payment.tsx';
import { useInvisibleCaptcha } from './use-invisible-captcha.tsx';

/** 'form' until sent; 'sending' the request, 'confirming' the gift's payment; 'slow' when it takes longer. */
export type ContributionPhase = 'form' | 'sending' | 'confirming' | 'thanks' | 'slow';

/** 'Send €3,750?': a large gift waiting for a yes, with the wallet that was already confirmed, if any. */
type LargeAsk = { amount: number; walletMethod?: PaymentMethod };

type UseContributionSubmitOptions = {
  form: UseFormReturn<ContributionFormValues, unknown, ContributionFormOutput>;
  /** The `<form>`: a refused send focuses its first wrong field. */
  formRef: RefObject<HTMLFormElement | null>;
  calendar: PublicCalendar;
  slug: string;
  /** Null for a welcome gift after the birth (no guess; `PublicCalendar.welcomeGifts`), which needs a gift. */
  guessedDate: string | null;
  /** Reloads the public calendar so the new guess (or the closed state) shows. */
  onContributed: () => void;
};

/**
 * The guest's send, with everything around it: the card or wallet, 'Send €3,750?' for a large gift,
 * the invisible captcha, the key that makes a retry the same contribution, the server's field
 * errors, and waiting until the paid guess shows on the calendar.
 */
export function useContributionSubmit({
  form,
  formRef,
  calendar,
  slug,
  guessedDate,
  onContributed,
}: UseContributionSubmitOptions) {
  const t = useT();
  const locale = useLocale();
  const captcha = useInvisibleCaptcha();
  const { handleSubmit, setError } = form;
  const paymentRef = useRef<PaymentHandle | null>(null);
  const attemptRef = useRef<PaymentAttempt | null>(null);
  const busyRef = useRef(false);
  const pollRef = useRef<AbortController | null>(null);
  const askRef = useRef<HTMLParagraphElement>(null);
  // The large gift the guest has said yes to: not asked again for the same amount (e.g. after a decline).
  const confirmedLargeRef = useRef<number | null>(null);

  const [phase, setPhase] = useState<ContributionPhase>('form');
  const [problem, setProblem] = useState<string | null>(null);
  // The day is not a field of the form: the server's word on it (taken meanwhile) stays until the next send.
  const [dateProblem, setDateProblem] = useState<string | null>(null);
  const [cardErrors, setCardErrors] = useState<Record<string, string>>({});
  const [largeAsk, setLargeAsk] = useState<LargeAsk | null>(null);
  const [sent, setSent] = useState<{ giftAmount: number | null; minutes: number | null; grams: number | null }>({
    giftAmount: null,
    minutes: null,
    grams: null,
  });
  // Focus moves to the first wrong field after a refused send, not while the person corrects fields.
  const [refusedSends, setRefusedSends] = useState(0);

  useEffect(() => () => pollRef.current?.abort(), []);

  useEffect(() => {
    if (refusedSends > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusedSends, formRef]);

  useEffect(() => {
    if (largeAsk) askRef.current?.focus();
  }, [largeAsk]);

  const amountValues = getAmountValues({ locale, currency: calendar.currency });
  const refuse = () => setRefusedSends((count) => count + 1);

  async function sendChecked(values: ContributionFormOutput, walletMethod?: PaymentMethod) {
    const { giftAmount } = values;
    if (guessedDate === null && giftAmount === null) {
      setError('giftAmount', { message: t('contributions.welcome.giftNeeded') });
      return refuse();
    }
    let payment: PaymentMethod | undefined;
    if (giftAmount !== null) {
      payment = walletMethod ?? (await paymentRef.current?.getMethod()) ?? undefined;
      if (!payment) return refuse();
    }
    setCardErrors({});
    if (giftAmount !== null && giftAmount > GIFT_CONFIRM_ABOVE_AMOUNT && confirmedLargeRef.current !== giftAmount) {
      setLargeAsk({ amount: giftAmount, walletMethod });
      return;
    }
    setLargeAsk(null);

    const body = {
      name: values.name,
      email: values.email,
      ...(guessedDate !== null ? { guessedDate } : {}),
      wish: values.wish,
      ...(values.guessedTimeMinutes !== null ? { guessedTimeMinutes: values.guessedTimeMinutes } : {}),
      ...(values.guessedWeight ? { guessedWeight: values.guessedWeight } : {}),
      giftAmount,
      ...(payment ? { payment } : {}),
      // The guest's e-mails (receipt, announcement) are written in the page's language.
      locale,
    };
    // The same details after a lost answer reuse the key: the server answers the same contribution.
    const attempt = getPaymentAttempt(attemptRef.current, JSON.stringify(body), () => crypto.randomUUID());
    attemptRef.current = attempt;
    setPhase('sending');
    const countBefore = guessedDate === null ? 0 : countGuessesOn(calendar, guessedDate);

    let captchaValue: string;
    try {
      captchaValue = await captcha.getToken();
    } catch {
      setPhase('form');
      setProblem(t('contributions.form.waitAndSend'));
      return;
    }

    let response: ContributionResponse;
    try {
      response = await createContribution(slug, { ...body, idempotencyKey: attempt.key, captchaValue });
    } catch (error) {
      setPhase('form');
      if (isRetryableError(error)) {
        setProblem(
          giftAmount
            ? t('contributions.form.retryNoDoubleCharge', { problem: getErrorMessage(error) })
            : getErrorMessage(error),
        );
        return;
      }
      attemptRef.current = null;
      if (error instanceof ApiError && (error.code === 'calendar_closed' || error.code === 'welcome_gifts_closed')) {
        onContributed();
      }
      showRefusal(error);
      return;
    }

    if (response.status === 'failed' || response.payment?.status === 'failed') {
      // A declined attempt is over: the next try is a new payment with a new key.
      attemptRef.current = null;
      setPhase('form');
      setProblem(getPaymentFailureMessage(response.payment?.failureCode));
      return;
    }
    if (response.payment?.clientSecret && paymentRef.current?.confirm) {
      const providerProblem = await paymentRef.current.confirm(response);
      if (providerProblem) {
        attemptRef.current = null;
        setPhase('form');
        setProblem(providerProblem);
        return;
      }
    }
    attemptRef.current = null;
    setSent({
      giftAmount,
      minutes: values.guessedTimeMinutes,
      grams: values.guessedWeight ? GuessedWeightSchema.parse(values.guessedWeight) : null,
    });
    if (response.status === 'confirmed') {
      setPhase('thanks');
      onContributed();
      return;
    }
    setPhase('confirming');
    const controller = new AbortController();
    pollRef.current = controller;
    const appeared = await pollCalendarUntil(
      (signal) => getPublicCalendar(slug, { signal }),
      (latest) =>
        hasGuessAppeared(latest, { contributionId: response.contributionId, date: guessedDate ?? '', countBefore }),
      { signal: controller.signal },
    ).catch(() => false);
    if (controller.signal.aborted) return;
    setPhase(appeared ? 'thanks' : 'slow');
    onContributed();
  }

  /** A refused request: its field messages on the fields (the card's on the card), the day's in the alert. */
  function showRefusal(error: unknown) {
    // The card's messages go to the payment part as the server wrote them; it says them in the guest's language.
    const split = splitFieldErrors(error instanceof ApiError ? error.fields : {});
    const formFields = translateFormMessages(split.form, t, amountValues);
    setCardErrors(split.card);
    // 'guessedWeight.ounces' and the like are read as their field's (splitFieldErrors).
    setFieldErrors(formFields, setError, CONTRIBUTION_FIELDS);
    if (Object.keys(formFields).length > 0 || Object.keys(split.card).length > 0) refuse();
    setDateProblem(formFields.guessedDate ?? null);
    setProblem(formFields.guessedDate ? null : getErrorMessage(error));
  }

  /** Checks and sends the form; a confirmed wallet sends it with that wallet. */
  async function send(walletMethod?: PaymentMethod) {
    if (busyRef.current) return;
    busyRef.current = true;
    setProblem(null);
    setDateProblem(null);
    try {
      let refused = false;
      await handleSubmit(
        (values) => sendChecked(values, walletMethod),
        () => {
          refused = true;
        },
      )();
      // Once the form has its errors: then the wrong fields are marked, and the first can be focused.
      if (refused) refuse();
    } finally {
      busyRef.current = false;
    }
  }

  return {
    phase,
    /** Sending or confirming: the form stays as it is, and the dialog does not close. */
    busy: phase === 'sending' || phase === 'confirming',
    done: phase === 'thanks' || phase === 'slow',
    problem,
    dateProblem,
    cardErrors,
    paymentRef,
    captchaWidget: captcha.widget,
    send,
    /** What was sent, for the thanks. */
    sent,
    askRef,
    /** The large gift asked about, while the form still has that amount. */
    largeAskFor: (giftAmount: number | null) => (largeAsk !== null && largeAsk.amount === giftAmount ? largeAsk : null),
    confirmLarge() {
      if (!largeAsk) return;
      confirmedLargeRef.current = largeAsk.amount;
      void send(largeAsk.walletMethod);
    },
    /** 'Change the amount', or another choice of gift: the question goes. */
    dismissLarge: () => setLargeAsk(null),
  };
}
