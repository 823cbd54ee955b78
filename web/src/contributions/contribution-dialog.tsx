import {
  ContributionRequestSchema,
  type ContributionResponse,
  GIFT_CONFIRM_ABOVE_AMOUNT,
  GIFT_MAX_AMOUNT,
  GIFT_MIN_AMOUNT,
  GIFT_PRESET_AMOUNTS,
  type PublicCalendar,
  WISH_MAX_LENGTH,
} from '@firstday/common/contributions';
import { formatMoney, formatMonthDay, formatNumber } from '@firstday/common/format';
import {
  formatTimeOfDay,
  formatWeightBoth,
  GuessedTimeSchema,
  GuessedWeightSchema,
  parseTimeInput,
} from '@firstday/common/fun-guesses';
import { formatAmountForInput, parseAmount } from '@firstday/common/parse-amount';
import { type FormEvent, lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { Button } from '../components/button.tsx';
import { ProgressNote } from '../components/progress-note.tsx';
import { TextField } from '../components/text-field.tsx';
import { checkWeight, EMPTY_WEIGHT, toWeightInput, type WeightValue } from '../components/weight-value.ts';
import { T, useLocale, useT } from '../i18n/use-t.tsx';
import { ApiError } from '../lib/api.ts';
import { getErrorMessage, getPaymentFailureMessage, isRetryableError } from '../lib/error-messages.ts';
import { getPaymentAttempt, type PaymentAttempt } from '../payments/payment-attempt.ts';
import formStyles from '../styles/form.module.css';
import styles from './contribution-form.module.css';
import {
  countGuessesOn,
  type FormField,
  hasGuessAppeared,
  pollCalendarUntil,
  splitFieldErrors,
} from './contribution-submit.ts';
import { createContribution, getPublicCalendar } from './contributions-api.ts';
import { translateFormMessage, translateFormMessages } from './form-messages.ts';
import { FunGuessFields } from './fun-guess-fields.tsx';
import { GiftAmountField, getCustomAmountMessage } from './gift-amount-field.tsx';
import type { PaymentHandle, PaymentMethod } from './gift-payment.tsx';
import { GiftTrustNote } from './gift-trust-note.tsx';
import { SharePanel } from './share-panel.tsx';
import { useInvisibleCaptcha } from './use-invisible-captcha.tsx';

// The card fields (and Stripe) load only once someone chooses a gift.
const GiftPayment = lazy(() => import('./gift-payment.tsx'));

/** The form's own fields; the captcha, the key and the payment are added when sending. */
const FormSchema = ContributionRequestSchema.pick({ name: true, email: true, wish: true, giftAmount: true });

type GiftChoice = 'none' | 'custom' | `${number}`;
type Phase = 'form' | 'sending' | 'confirming' | 'thanks' | 'slow';
type FieldErrors = Partial<Record<FormField, string>>;

const WISH_COUNTER_WARNING = 50;

type ContributionDialogProps = {
  calendar: PublicCalendar;
  slug: string;
  guessedDate: string;
  shareUrl: string;
  onClose: () => void;
  /** Reloads the public calendar so the new guess (or the closed state) shows. */
  onContributed: () => void;
};

export default function ContributionDialog({
  calendar,
  slug,
  guessedDate,
  shareUrl,
  onClose,
  onContributed,
}: ContributionDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const paymentRef = useRef<PaymentHandle | null>(null);
  const attemptRef = useRef<PaymentAttempt | null>(null);
  const busyRef = useRef(false);
  const pollRef = useRef<AbortController | null>(null);
  const amountRef = useRef<HTMLInputElement>(null);
  const askRef = useRef<HTMLParagraphElement>(null);
  // The large gift the guest has said yes to: not asked again for the same amount (e.g. after a decline).
  const confirmedLargeRef = useRef<number | null>(null);
  const titleId = useId();
  const counterId = useId();
  const wishId = useId();
  const wishErrorId = useId();
  const giftErrorId = useId();
  const captcha = useInvisibleCaptcha();
  const t = useT();
  const locale = useLocale();

  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [wish, setWish] = useState('');
  const [time, setTime] = useState('');
  const [weight, setWeight] = useState<WeightValue>(EMPTY_WEIGHT);
  const [giftChoice, setGiftChoice] = useState<GiftChoice>('none');
  const [customAmount, setCustomAmount] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [cardErrors, setCardErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>('form');
  const [sentGiftAmount, setSentGiftAmount] = useState<number | null>(null);
  // 'Send €3,750?': a large gift waiting for a yes, with the wallet that was already confirmed, if any.
  const [largeAsk, setLargeAsk] = useState<{ amount: number; walletMethod?: PaymentMethod } | null>(null);
  const [sentFun, setSentFun] = useState<{ minutes: number | null; grams: number | null }>({
    minutes: null,
    grams: null,
  });
  // Focus moves to the first wrong field after a refused send, not while the person corrects fields.
  const [refusedSends, setRefusedSends] = useState(0);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
    // showModal focuses the first control (Close); the form starts at the name instead.
    nameRef.current?.focus();
    return () => pollRef.current?.abort();
  }, []);

  useEffect(() => {
    if (refusedSends > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusedSends]);

  useEffect(() => {
    if (largeAsk) askRef.current?.focus();
  }, [largeAsk]);

  const done = phase === 'thanks' || phase === 'slow';
  const thanksRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (done) thanksRef.current?.focus();
  }, [done]);

  // The calendar's money: the presets, the limits and every amount are in it.
  const currency = calendar.currency;
  const money = (amount: number) => formatMoney(amount, { currency, locale });
  const amountValues = {
    currency,
    min: money(GIFT_MIN_AMOUNT),
    max: money(GIFT_MAX_AMOUNT),
    example: formatAmountForInput(3750, locale),
  };

  // 'Other amount' as typed, read in the page's language and the calendar's currency.
  const customReading = giftChoice === 'custom' ? parseAmount(customAmount, { locale, currency }) : null;
  const giftAmount =
    giftChoice === 'none'
      ? null
      : customReading
        ? customReading.kind === 'amount'
          ? customReading.amount
          : null
        : Number(giftChoice);
  const askingLarge = largeAsk !== null && largeAsk.amount === giftAmount ? largeAsk : null;
  const busy = phase === 'sending' || phase === 'confirming';
  const wishLeft = WISH_MAX_LENGTH - wish.length;

  function refuse(next: FieldErrors) {
    setErrors(next);
    setRefusedSends((count) => count + 1);
  }

  const asks = { time: calendar.guessTime, weight: calendar.guessWeight };
  // The fun guesses, as sent: only what the calendar asks for; an empty field is no guess.
  const guessedTimeMinutes = asks.time ? parseTimeInput(time) : null;
  const guessedWeight = asks.weight ? toWeightInput(weight) : null;

  function validate(): FieldErrors | null {
    const result = FormSchema.safeParse({ name, email, wish, giftAmount });
    const next: FieldErrors = {};
    if (!result.success) {
      for (const issue of result.error.issues) {
        next[String(issue.path[0]) as FormField] ??= translateFormMessage(issue.message, t, amountValues);
      }
    }
    // Chosen and left empty, unreadable or read two ways: said at the field, never sent as no gift.
    const amountMessage = customReading && getCustomAmountMessage(customReading);
    if (amountMessage) next.giftAmount = t(amountMessage, amountValues);
    if (asks.time && time !== '' && guessedTimeMinutes === null) {
      next.guessedTimeMinutes = t('contributions.form.timeInvalid');
    } else if (guessedTimeMinutes !== null) {
      const checked = GuessedTimeSchema.safeParse(guessedTimeMinutes);
      if (!checked.success) next.guessedTimeMinutes = translateFormMessage(checked.error.issues[0]?.message, t);
    }
    if (asks.weight) {
      const weightProblem = checkWeight(weight, GuessedWeightSchema);
      if (weightProblem) next.guessedWeight = translateFormMessage(weightProblem, t);
    }
    return Object.keys(next).length > 0 ? next : null;
  }

  async function send(walletMethod?: PaymentMethod) {
    if (busyRef.current) return;
    busyRef.current = true;
    try {
      await sendOnce(walletMethod);
    } finally {
      busyRef.current = false;
    }
  }

  async function sendOnce(walletMethod?: PaymentMethod) {
    setProblem(null);
    const fieldErrors = validate();
    let payment: PaymentMethod | undefined;
    if (giftAmount !== null && !fieldErrors) {
      payment = walletMethod ?? (await paymentRef.current?.getMethod()) ?? undefined;
      if (!payment) return refuse({});
    }
    if (fieldErrors) return refuse(fieldErrors);
    setErrors({});
    setCardErrors({});
    if (giftAmount !== null && giftAmount > GIFT_CONFIRM_ABOVE_AMOUNT && confirmedLargeRef.current !== giftAmount) {
      setLargeAsk({ amount: giftAmount, walletMethod });
      return;
    }
    setLargeAsk(null);

    const body = {
      name: name.trim(),
      email: email.trim(),
      guessedDate,
      wish: wish.trim(),
      ...(guessedTimeMinutes !== null ? { guessedTimeMinutes } : {}),
      ...(guessedWeight ? { guessedWeight } : {}),
      giftAmount,
      ...(payment ? { payment } : {}),
      // The guest's e-mails (receipt, announcement) are written in the page's language.
      locale,
    };
    // The same details after a lost answer reuse the key: the server answers the same contribution.
    const attempt = getPaymentAttempt(attemptRef.current, JSON.stringify(body), () => crypto.randomUUID());
    attemptRef.current = attempt;
    setPhase('sending');
    const countBefore = countGuessesOn(calendar, guessedDate);

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
      if (error instanceof ApiError && error.code === 'calendar_closed') onContributed();
      const split =
        error instanceof ApiError
          ? splitFieldErrors(translateFormMessages(error.fields, t, amountValues))
          : { form: {}, card: {} };
      setCardErrors(split.card);
      if (Object.keys(split.form).length > 0 || Object.keys(split.card).length > 0) refuse(split.form);
      setProblem(split.form.guessedDate ? null : getErrorMessage(error));
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
    setSentGiftAmount(giftAmount);
    setSentFun({ minutes: guessedTimeMinutes, grams: guessedWeight ? GuessedWeightSchema.parse(guessedWeight) : null });
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
      (latest) => hasGuessAppeared(latest, { contributionId: response.contributionId, date: guessedDate, countBefore }),
      { signal: controller.signal },
    ).catch(() => false);
    if (controller.signal.aborted) return;
    setPhase(appeared ? 'thanks' : 'slow');
    onContributed();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    void send();
  }

  function chooseGift(choice: GiftChoice) {
    setGiftChoice(choice);
    setLargeAsk(null);
    if (errors.giftAmount) setErrors((current) => ({ ...current, giftAmount: undefined }));
  }

  function confirmLarge() {
    if (!largeAsk) return;
    confirmedLargeRef.current = largeAsk.amount;
    void send(largeAsk.walletMethod);
  }

  function changeLarge() {
    setLargeAsk(null);
    amountRef.current?.focus();
  }

  const dayText = formatMonthDay(guessedDate, locale);
  const sentMoney = sentGiftAmount ? money(sentGiftAmount) : '';

  return (
    // The dialog's own Escape and backdrop close reach onClose through the 'close' event.
    <dialog
      ref={dialogRef}
      className={styles.dialog}
      aria-labelledby={titleId}
      onClose={onClose}
      onCancel={(event) => {
        // Escape must not drop a contribution that is being sent.
        if (busy) event.preventDefault();
      }}
    >
      <div className={styles.sheet}>
        <button
          type="button"
          className={styles.close}
          aria-label={t('contributions.form.close')}
          onClick={() => !busy && dialogRef.current?.close()}
        >
          ×
        </button>
        {done ? (
          <div className={styles.thanks}>
            <p className={styles.thanksArt} aria-hidden="true">
              ♥
            </p>
            <h2 ref={thanksRef} id={titleId} className={styles.title} tabIndex={-1}>
              {t('contributions.thanks.title')}
            </h2>
            <p className={styles.lead}>
              <T
                id="contributions.thanks.summary"
                values={{
                  day: dayText,
                  time: sentFun.minutes !== null ? formatTimeOfDay(sentFun.minutes, locale) : 'none',
                  weight: sentFun.grams !== null ? formatWeightBoth(sentFun.grams, locale) : 'none',
                  gift: sentGiftAmount ? 'yes' : 'none',
                  money: sentMoney,
                }}
                components={{
                  0: <strong>{dayText}</strong>,
                  1: <strong>{sentFun.minutes}</strong>,
                  2: <strong>{sentFun.grams}</strong>,
                  3: <strong>{sentMoney}</strong>,
                }}
              />
            </p>
            {phase === 'slow' ? (
              <p className={styles.notice} role="status">
                {t('contributions.thanks.slow')}
              </p>
            ) : (
              <p>{t('contributions.thanks.receipt')}</p>
            )}
            <h3 className={styles.subTitle}>{t('contributions.thanks.invite')}</h3>
            <SharePanel url={shareUrl} title={calendar.title} />
            <Button size="lg" onClick={() => dialogRef.current?.close()}>
              {t('contributions.thanks.back')}
            </Button>
          </div>
        ) : (
          <form ref={formRef} className={styles.form} noValidate onSubmit={submit} aria-busy={busy}>
            <h2 id={titleId} className={styles.title}>
              {t('contributions.form.title', { day: dayText })}
            </h2>
            {errors.guessedDate ? (
              <p className={styles.problem} role="alert">
                {errors.guessedDate}{' '}
                <button type="button" className={formStyles.linkButton} onClick={() => dialogRef.current?.close()}>
                  {t('contributions.form.pickAnother')}
                </button>
              </p>
            ) : (
              <p className={styles.lead}>
                {t('contributions.form.notSure')}{' '}
                <button type="button" className={formStyles.linkButton} onClick={() => dialogRef.current?.close()}>
                  {t('contributions.form.pickAnother')}
                </button>
              </p>
            )}
            <div className={styles.twoColumns}>
              <TextField
                label={t('contributions.form.name')}
                ref={nameRef}
                autoComplete="name"
                maxLength={80}
                value={name}
                onChange={(event) => {
                  setName(event.target.value);
                  if (errors.name) setErrors((current) => ({ ...current, name: undefined }));
                }}
                error={errors.name}
              />
              <TextField
                label={t('contributions.form.email')}
                type="email"
                autoComplete="email"
                value={email}
                onChange={(event) => {
                  setEmail(event.target.value);
                  if (errors.email) setErrors((current) => ({ ...current, email: undefined }));
                }}
                error={errors.email}
                hint={t('contributions.form.emailHint')}
              />
            </div>
            <div className={formStyles.field}>
              <label htmlFor={wishId} className={formStyles.label}>
                {t('contributions.form.wish')}
              </label>
              <textarea
                id={wishId}
                className={`${formStyles.input} ${formStyles.textarea}`}
                rows={5}
                maxLength={WISH_MAX_LENGTH}
                value={wish}
                aria-invalid={errors.wish ? true : undefined}
                aria-describedby={[errors.wish ? wishErrorId : '', counterId].filter(Boolean).join(' ')}
                placeholder={t('contributions.form.wishPlaceholder')}
                onChange={(event) => {
                  setWish(event.target.value);
                  if (errors.wish) setErrors((current) => ({ ...current, wish: undefined }));
                }}
              />
              {errors.wish && (
                <p id={wishErrorId} className={formStyles.fieldError}>
                  {errors.wish}
                </p>
              )}
              <p id={counterId} className={styles.counter} data-low={wishLeft <= WISH_COUNTER_WARNING || undefined}>
                {t('contributions.form.wishCounter', {
                  count: formatNumber(wish.length, locale),
                  max: formatNumber(WISH_MAX_LENGTH, locale),
                })}
              </p>
              <p className="visually-hidden" aria-live="polite">
                {wishLeft <= WISH_COUNTER_WARNING ? t('contributions.form.wishLeft', { count: wishLeft }) : ''}
              </p>
            </div>

            <FunGuessFields
              asks={asks}
              time={time}
              onTimeChange={(next) => {
                setTime(next);
                if (errors.guessedTimeMinutes) setErrors((current) => ({ ...current, guessedTimeMinutes: undefined }));
              }}
              weight={weight}
              onWeightChange={(next) => {
                setWeight(next);
                if (errors.guessedWeight) setErrors((current) => ({ ...current, guessedWeight: undefined }));
              }}
              errors={errors}
            />

            <fieldset
              className={styles.gift}
              aria-describedby={errors.giftAmount && giftChoice !== 'custom' ? giftErrorId : undefined}
            >
              <legend className={styles.legend}>{t('contributions.form.giftLegend')}</legend>
              <p className={styles.muted}>{t('contributions.form.giftLead', { currency })}</p>
              <div className={styles.giftChoices}>
                <GiftOption
                  label={t('contributions.form.noGift')}
                  value="none"
                  current={giftChoice}
                  onChoose={chooseGift}
                />
                {GIFT_PRESET_AMOUNTS.map((amount) => (
                  <GiftOption
                    key={amount}
                    label={money(amount)}
                    value={`${amount}`}
                    current={giftChoice}
                    onChoose={chooseGift}
                  />
                ))}
                <GiftOption
                  label={t('contributions.form.otherAmount')}
                  value="custom"
                  current={giftChoice}
                  onChoose={chooseGift}
                />
              </div>
              {customReading && (
                <GiftAmountField
                  value={customAmount}
                  onChange={(text) => {
                    setCustomAmount(text);
                    if (errors.giftAmount) setErrors((current) => ({ ...current, giftAmount: undefined }));
                  }}
                  reading={customReading}
                  currency={currency}
                  error={errors.giftAmount}
                  inputRef={amountRef}
                />
              )}
              {errors.giftAmount && giftChoice !== 'custom' && (
                <p id={giftErrorId} className={formStyles.fieldError}>
                  {errors.giftAmount}
                </p>
              )}
              <GiftTrustNote />
            </fieldset>

            {giftChoice !== 'none' && (
              <Suspense
                fallback={
                  <p className={styles.muted} role="status">
                    {t('contributions.form.loadingPayment')}
                  </p>
                }
              >
                <GiftPayment
                  giftAmount={giftAmount !== null && giftAmount >= GIFT_MIN_AMOUNT ? giftAmount : GIFT_MIN_AMOUNT}
                  currency={currency}
                  handleRef={paymentRef}
                  disabled={busy}
                  onWallet={(method) => void send(method)}
                  serverErrors={cardErrors}
                />
              </Suspense>
            )}

            {captcha.widget && <div className={styles.captcha}>{captcha.widget}</div>}

            <div role="status" aria-live="polite" className={styles.status}>
              {phase === 'sending' && (
                <ProgressNote>
                  {giftAmount ? t('contributions.form.sendingWithGift') : t('contributions.form.sendingWish')}
                </ProgressNote>
              )}
              {phase === 'confirming' && <ProgressNote>{t('contributions.form.confirming')}</ProgressNote>}
            </div>
            {problem && (
              <p className={styles.problem} role="alert">
                {problem}
              </p>
            )}
            <div className={styles.actions}>
              {askingLarge ? (
                <div className={styles.confirmLarge}>
                  <p ref={askRef} tabIndex={-1} className={styles.confirmQuestion}>
                    {t('contributions.form.largeGiftQuestion', { money: money(askingLarge.amount) })}
                  </p>
                  <p className={styles.muted}>{t('contributions.form.largeGiftNote')}</p>
                  <div className={styles.confirmButtons}>
                    <Button size="lg" onClick={confirmLarge}>
                      {t('contributions.form.largeGiftYes', { money: money(askingLarge.amount) })}
                    </Button>
                    <Button size="lg" variant="secondary" onClick={changeLarge}>
                      {t('contributions.form.largeGiftChange')}
                    </Button>
                  </div>
                </div>
              ) : (
                <Button type="submit" size="lg" aria-disabled={busy || undefined}>
                  {busy
                    ? t('contributions.form.sending')
                    : giftAmount
                      ? t('contributions.form.sendWithGift', { money: money(giftAmount) })
                      : giftChoice !== 'none'
                        ? t('contributions.form.sendWithSomeGift')
                        : t('contributions.form.send')}
                </Button>
              )}
            </div>
            <p className={styles.muted}>{t('contributions.justForFun')}</p>
          </form>
        )}
      </div>
    </dialog>
  );
}

type GiftOptionProps = {
  label: string;
  value: GiftChoice;
  current: GiftChoice;
  onChoose: (choice: GiftChoice) => void;
};

function GiftOption({ label, value, current, onChoose }: GiftOptionProps) {
  return (
    <label className={styles.giftOption}>
      <input
        type="radio"
        name="gift"
        value={value}
        checked={current === value}
        onChange={() => onChoose(value)}
        className={styles.giftRadio}
      />
      <span>{label}</span>
    </label>
  );
}
