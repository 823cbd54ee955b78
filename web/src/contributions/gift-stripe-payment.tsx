import { CURRENCY } from '@firstday/common/calendars';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { type RefObject, useImperativeHandle } from 'react';
import type { PaymentHandle } from './gift-payment.tsx';

const stripeByKey = new Map<string, Promise<Stripe | null>>();

function getStripe(publishableKey: string): Promise<Stripe | null> {
  let stripe = stripeByKey.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    stripeByKey.set(publishableKey, stripe);
  }
  return stripe;
}

type GiftStripePaymentProps = {
  publishableKey: string;
  giftCents: number;
  handleRef: RefObject<PaymentHandle | null>;
};

/**
 * Stripe's Payment Element in deferred-intent mode for the gift's amount: the contribution request
 * makes the PaymentIntent and answers the `clientSecret` it is confirmed with here.
 */
export default function GiftStripePayment({ publishableKey, giftCents, handleRef }: GiftStripePaymentProps) {
  return (
    <Elements
      stripe={getStripe(publishableKey)}
      options={{
        mode: 'payment',
        amount: giftCents,
        currency: CURRENCY,
        appearance: { theme: 'stripe', variables: { colorPrimary: '#b53764', borderRadius: '16px' } },
      }}
    >
      <StripeFields handleRef={handleRef} />
    </Elements>
  );
}

function StripeFields({ handleRef }: { handleRef: RefObject<PaymentHandle | null> }) {
  const stripe = useStripe();
  const elements = useElements();

  useImperativeHandle(
    handleRef,
    () => ({
      getMethod: async () => {
        if (!stripe || !elements) return null;
        const { error } = await elements.submit();
        return error ? null : { type: 'stripe' };
      },
      confirm: async (response) => {
        const clientSecret = response.payment?.clientSecret;
        if (!stripe || !elements || !clientSecret) return null;
        const { error } = await stripe.confirmPayment({
          elements,
          clientSecret,
          confirmParams: { return_url: window.location.href },
          redirect: 'if_required',
        });
        return error ? (error.message ?? 'The payment did not go through. Please try again.') : null;
      },
    }),
    [stripe, elements],
  );

  return <PaymentElement />;
}
