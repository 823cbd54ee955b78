import { CREATION_FEE_AMOUNT, type OwnerCalendar } from '@firstday/common/calendars';
import { CardDetailsSchema } from '@firstday/common/cards';
import { formatCreationFee } from '@firstday/common/creation-fee';
import type { Currency } from '@firstday/common/currency';
import { type FormEvent, lazy, type ReactNode, Suspense, useEffect, useId, useRef, useState } from 'react';
import { Button } from '../components/button.tsx';
import { CaptchaField } from '../components/captcha-field.tsx';
import { ProgressNote } from '../components/progress-note.tsx';
import { webEnv } from '../env.ts';
import { useLocale, useT } from '../i18n/use-t.tsx';
import { type CardErrors, CardFields, type CardValues, EMPTY_CARD } from '../payments/card-fields.tsx';
import { SandboxWallets } from '../payments/sandbox-wallets.tsx';
import { usePaymentsConfig } from '../payments/use-payments-config.ts';
import formStyles from '../styles/form.module.css';
import { translateFieldMessages } from './field-messages.ts';
import { type PaymentCaptcha as PaymentCaptchaState, type PaymentPhase, usePayment } from './use-payment.ts';
import styles from './wizard.module.css';

// Stripe.js is loaded only when this deployment takes payments through Stripe.
const StripePayment = lazy(() => import('./stripe-payment.tsx'));

type PaymentStepProps = {
  calendarId: string;
  /** The calendar's: the fee is 20 in it. */
  currency: Currency;
  onPaid: (calendar: OwnerCalendar) => void;
  back: ReactNode;
};

export function PaymentStep({ calendarId, currency, onPaid, back }: PaymentStepProps) {
  const t = useT();
  const locale = useLocale();
  const config = usePaymentsConfig();
  const payment = usePayment(calendarId, onPaid);

  let body: ReactNode;
  if (config.isPending) {
    body = (
      <p className={styles.loading} role="status">
        {t('calendars.payment.loadingOptions')}
      </p>
    );
  } else if (config.data?.provider === 'stripe') {
    const publishableKey = config.data.publishableKey ?? webEnv.VITE_STRIPE_PUBLISHABLE_KEY;
    body = publishableKey ? (
      <Suspense
        fallback={
          <p className={styles.loading} role="status">
            {t('calendars.payment.loadingSecure')}
          </p>
        }
      >
        <StripePayment publishableKey={publishableKey} currency={currency} payment={payment} back={back} />
      </Suspense>
    ) : (
      <p className={styles.problem} role="alert">
        {t('calendars.payment.unavailable')}
      </p>
    );
  } else {
    // The sandbox is also the fallback when the config cannot be read: its payments are never real.
    body = <SandboxPayment payment={payment} currency={currency} back={back} />;
  }

  return (
    <>
      <p className={styles.priceLead}>
        {t('calendars.payment.priceLead', { fee: formatCreationFee(currency, locale) })}
      </p>
      {body}
    </>
  );
}

type Payment = ReturnType<typeof usePayment>;

function validateCard(card: CardValues): { success: true } | { success: false; errors: CardErrors } {
  const result = CardDetailsSchema.safeParse(card);
  if (result.success) return { success: true };
  const errors: CardErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '') as keyof CardValues;
    errors[field] ??= issue.message;
  }
  return { success: false, errors };
}

/** Server field names for card details may come nested ('method.card.number'): keep the last part. */
function mapCardFieldErrors(fields: Readonly<Record<string, string>> | undefined): CardErrors {
  const errors: CardErrors = {};
  for (const [name, message] of Object.entries(fields ?? {})) {
    const field = name.split('.').pop() as keyof CardValues;
    if (field in EMPTY_CARD) errors[field] ??= message;
  }
  return errors;
}

function SandboxPayment({ payment, currency, back }: { payment: Payment; currency: Currency; back: ReactNode }) {
  const t = useT();
  const [card, setCard] = useState<CardValues>(EMPTY_CARD);
  const [errors, setErrors] = useState<CardErrors>({});
  const formRef = useRef<HTMLFormElement>(null);
  const busy = payment.phase !== 'idle';

  // Focus moves to the first wrong field after a refused Pay, not while the user corrects fields.
  const [refusedSubmits, setRefusedSubmits] = useState(0);
  useEffect(() => {
    if (refusedSubmits > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusedSubmits]);

  function change(field: keyof CardValues, value: string) {
    setCard((current) => ({ ...current, [field]: value }));
    // A corrected field loses its message as soon as it is edited.
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const result = validateCard(card);
    if (!result.success) {
      setErrors(translateFieldMessages(result.errors, t));
      setRefusedSubmits((count) => count + 1);
      return;
    }
    setErrors({});
    const { fieldErrors } = await payment.pay({ type: 'card', card });
    const mapped = mapCardFieldErrors(fieldErrors);
    if (Object.keys(mapped).length > 0) {
      setErrors(translateFieldMessages(mapped, t));
      setRefusedSubmits((count) => count + 1);
    }
  }

  return (
    <form ref={formRef} className={styles.stepBody} noValidate onSubmit={submit} aria-busy={busy}>
      <SandboxWallets
        amount={CREATION_FEE_AMOUNT}
        currency={currency}
        description={t('calendars.payment.feeDescription')}
        disabled={busy}
        onConfirm={(wallet) => payment.pay({ type: 'wallet', wallet })}
      />
      <p className={formStyles.divider}>
        <span>{t('calendars.payment.orPayByCard')}</span>
      </p>
      <CardFields
        card={card}
        errors={errors}
        onChange={change}
        className={styles.cardFields}
        wideClassName={styles.wide}
        cvcHint={t('calendars.payment.cvcHint')}
      />
      <PaymentCaptcha captcha={payment.captcha} />
      <PaymentStatus phase={payment.phase} problem={payment.problem} onCheckAgain={payment.checkAgain} />
      <div className={styles.actions}>
        {back}
        <Button type="submit" size="lg" aria-disabled={busy || undefined}>
          {busy ? t('calendars.payment.paying') : t('calendars.payment.pay')}
        </Button>
      </div>
      <p className={styles.secureNote}>{t('calendars.payment.secureNote')}</p>
    </form>
  );
}

/**
 * The captcha the server asks for after a few declined attempts, in the shared widget (ALTCHA's
 * checkbox, or reCAPTCHA / Turnstile): a lead that says why, and a fresh widget for every attempt.
 */
export function PaymentCaptcha({ captcha }: { captcha: PaymentCaptchaState }) {
  const t = useT();
  const id = useId();
  const fieldRef = useRef<HTMLDivElement>(null);

  // Pay pressed before solving it: the focus goes to the checkbox (or the provider's frame).
  useEffect(() => {
    if (captcha.nudges > 0)
      fieldRef.current?.querySelector<HTMLElement>('input:not([type="hidden"]), button, iframe')?.focus();
  }, [captcha.nudges]);

  if (!captcha.required) return null;
  const leadId = `${id}-lead`;
  const errorId = `${id}-error`;
  return (
    <div ref={fieldRef} className={styles.captcha}>
      {/* Announced as it appears: an attempt was just held for want of it. */}
      <p id={leadId} className={styles.captchaLead} role="alert">
        {t('calendars.payment.captchaLead')}
      </p>
      <CaptchaField
        key={captcha.round}
        onChange={captcha.onChange}
        invalid={captcha.missing}
        describedBy={captcha.missing ? `${leadId} ${errorId}` : leadId}
      />
      {captcha.missing && (
        <p id={errorId} className={formStyles.fieldError}>
          {t('app.errors.captchaRequired')}
        </p>
      )}
    </div>
  );
}

type PaymentStatusProps = { phase: PaymentPhase; problem: string | null; onCheckAgain: () => void };

/** Progress while paying and confirming, the reason of a failure, and an honest word when it takes long. */
export function PaymentStatus({ phase, problem, onCheckAgain }: PaymentStatusProps) {
  const t = useT();
  return (
    <>
      <div role="status" aria-live="polite" className={styles.status}>
        {(phase === 'paying' || phase === 'confirming') && (
          <ProgressNote>
            {phase === 'paying' ? t('calendars.payment.processing') : t('calendars.payment.confirming')}
          </ProgressNote>
        )}
      </div>
      {phase === 'still_confirming' && (
        <div className={styles.problem} role="alert">
          <p>{t('calendars.payment.stillConfirming')}</p>
          <Button variant="secondary" onClick={onCheckAgain}>
            {t('calendars.payment.checkAgain')}
          </Button>
        </div>
      )}
      {problem && (
        <p className={styles.problem} role="alert">
          {problem}
        </p>
      )}
    </>
  );
}
