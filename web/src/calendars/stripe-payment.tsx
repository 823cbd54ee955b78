import { CREATION_FEE_AMOUNT } from '@firstday/common/calendars';
import type { Currency } from '@firstday/common/currency';
import { ExpressCheckoutElement, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Button } from '../components/button.tsx';
import { useT } from '../i18n/use-t.tsx';
import { confirmStripePayment, StripeProvider } from '../payments/stripe-provider.tsx';
import { PaymentCaptcha, PaymentStatus } from './payment-step.tsx';
import type { usePayment } from './use-payment.ts';
import styles from './wizard.module.css';

type StripePaymentProps = {
  publishableKey: string;
  currency: Currency;
  payment: ReturnType<typeof usePayment>;
  back: ReactNode;
};

/**
 * Stripe's Payment Element and Express Checkout Element (wallets) in deferred-intent mode: the
 * PaymentIntent is made by our pay call, which answers the `clientSecret` to confirm it with.
 */
export default function StripePayment({ publishableKey, currency, payment, back }: StripePaymentProps) {
  return (
    <StripeProvider publishableKey={publishableKey} amount={CREATION_FEE_AMOUNT} currency={currency}>
      <StripeForm payment={payment} back={back} />
    </StripeProvider>
  );
}

function StripeForm({ payment, back }: Pick<StripePaymentProps, 'payment' | 'back'>) {
  const t = useT();
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);
  const busy = payment.phase !== 'idle';

  async function confirm() {
    if (!stripe || !elements || busy) return;
    // The captcha comes before everything else: no PaymentIntent is made for an attempt that would be refused.
    if (!payment.checkCaptcha()) return;
    const { error: submitError } = await elements.submit();
    if (submitError) return payment.setProblem(submitError.message ?? t('calendars.payment.checkDetails'));
    await payment.pay({ type: 'stripe' }, async (response) => {
      const clientSecret = response.payment.clientSecret;
      return clientSecret ? confirmStripePayment(stripe, elements, clientSecret) : null;
    });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    void confirm();
  }

  return (
    <form className={styles.stepBody} noValidate onSubmit={submit} aria-busy={busy}>
      <ExpressCheckoutElement
        // The wallet's sheet opens only once the captcha, when asked for, is solved.
        onClick={(event) => (payment.checkCaptcha() ? event.resolve() : event.reject())}
        onConfirm={() => void confirm()}
      />
      <PaymentElement onReady={() => setReady(true)} />
      <PaymentCaptcha captcha={payment.captcha} />
      <PaymentStatus phase={payment.phase} problem={payment.problem} onCheckAgain={payment.checkAgain} />
      <div className={styles.actions}>
        {back}
        <Button type="submit" size="lg" aria-disabled={busy || !ready || undefined}>
          {busy ? t('calendars.payment.paying') : t('calendars.payment.pay')}
        </Button>
      </div>
    </form>
  );
}
