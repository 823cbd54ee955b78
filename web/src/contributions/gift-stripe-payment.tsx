import type { Currency } from '@firstday/common/currency';
import { PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { type RefObject, useImperativeHandle } from 'react';
import { confirmStripePayment, StripeProvider } from '../payments/stripe-provider.tsx';
import type { PaymentHandle } from './gift-payment.tsx';

type GiftStripePaymentProps = {
  publishableKey: string;
  giftAmount: number;
  currency: Currency;
  handleRef: RefObject<PaymentHandle | null>;
};

/**
 * Stripe's Payment Element in deferred-intent mode for the gift's amount: the contribution request
 * makes the PaymentIntent and answers the `clientSecret` it is confirmed with here.
 */
export default function GiftStripePayment({ publishableKey, giftAmount, currency, handleRef }: GiftStripePaymentProps) {
  return (
    <StripeProvider publishableKey={publishableKey} amount={giftAmount} currency={currency}>
      <StripeFields handleRef={handleRef} />
    </StripeProvider>
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
        return confirmStripePayment(stripe, elements, clientSecret);
      },
    }),
    [stripe, elements],
  );

  return <PaymentElement />;
}
