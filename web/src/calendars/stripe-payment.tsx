import { CREATION_FEE_CENTS, CURRENCY } from '@firstday/common/calendars';
import { Elements, ExpressCheckoutElement, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Button } from '../components/button.tsx';
import { PaymentStatus } from './payment-step.tsx';
import type { usePayment } from './use-payment.ts';
import styles from './wizard.module.css';

const stripeByKey = new Map<string, Promise<Stripe | null>>();

/** One Stripe.js per key for the page's life: loading it again would add a second script. */
function getStripe(publishableKey: string): Promise<Stripe | null> {
  let stripe = stripeByKey.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    stripeByKey.set(publishableKey, stripe);
  }
  return stripe;
}

type StripePaymentProps = { publishableKey: string; payment: ReturnType<typeof usePayment>; back: ReactNode };

/**
 * Stripe's Payment Element and Express Checkout Element (wallets) in deferred-intent mode: the
 * PaymentIntent is made by our pay call, which answers the `clientSecret` to confirm it with.
 */
export default function StripePayment({ publishableKey, payment, back }: StripePaymentProps) {
  return (
    <Elements
      stripe={getStripe(publishableKey)}
      options={{
        mode: 'payment',
        amount: CREATION_FEE_CENTS,
        currency: CURRENCY,
        appearance: { theme: 'stripe', variables: { colorPrimary: '#b53764', borderRadius: '16px' } },
      }}
    >
      <StripeForm payment={payment} back={back} />
    </Elements>
  );
}

function StripeForm({ payment, back }: Omit<StripePaymentProps, 'publishableKey'>) {
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);
  const busy = payment.phase !== 'idle';

  async function confirm() {
    if (!stripe || !elements || busy) return;
    const { error: submitError } = await elements.submit();
    if (submitError) return payment.setProblem(submitError.message ?? 'Please check your payment details.');
    await payment.pay({ type: 'stripe' }, async (response) => {
      const clientSecret = response.payment.clientSecret;
      if (!clientSecret) return null;
      const { error } = await stripe.confirmPayment({
        elements,
        clientSecret,
        // Only payment methods that need a bank's page leave the site; they come back to this draft.
        confirmParams: { return_url: window.location.href },
        redirect: 'if_required',
      });
      return error ? (error.message ?? 'The payment did not go through. Please try again.') : null;
    });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    void confirm();
  }

  return (
    <form className={styles.stepBody} noValidate onSubmit={submit} aria-busy={busy}>
      <ExpressCheckoutElement onConfirm={() => void confirm()} />
      <PaymentElement onReady={() => setReady(true)} />
      <PaymentStatus phase={payment.phase} problem={payment.problem} onCheckAgain={payment.checkAgain} />
      <div className={styles.actions}>
        {back}
        <Button type="submit" size="lg" aria-disabled={busy || !ready || undefined}>
          {busy ? 'Paying…' : 'Pay'}
        </Button>
      </div>
    </form>
  );
}
