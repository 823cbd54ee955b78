import { type Currency, DEFAULT_CURRENCY } from '@firstday/common/currency';
import { Elements } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe, type StripeElements } from '@stripe/stripe-js';
import type { ReactNode } from 'react';

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

type StripeProviderProps = {
  publishableKey: string;
  /** Minor units of `currency`. */
  amount: number;
  /** The calendar's: it must match the PaymentIntent's currency our request makes. */
  currency?: Currency;
  children: ReactNode;
};

/**
 * Stripe's Elements in deferred-intent mode, in the site's colours: no PaymentIntent exists yet; our
 * own request (the fee's pay call, the contribution) makes it and answers its `clientSecret`.
 */
export function StripeProvider({ publishableKey, amount, currency = DEFAULT_CURRENCY, children }: StripeProviderProps) {
  return (
    <Elements
      stripe={getStripe(publishableKey)}
      options={{
        mode: 'payment',
        amount,
        currency,
        appearance: { theme: 'stripe', variables: { colorPrimary: '#b53764', borderRadius: '16px' } },
      }}
    >
      {children}
    </Elements>
  );
}

/** Confirms the PaymentIntent our request made; answers the problem to show, or null when it went through. */
export async function confirmStripePayment(
  stripe: Stripe,
  elements: StripeElements,
  clientSecret: string,
): Promise<string | null> {
  const { error } = await stripe.confirmPayment({
    elements,
    clientSecret,
    // Only payment methods that need a bank's page leave the site; they come back to this page.
    confirmParams: { return_url: window.location.href },
    redirect: 'if_required',
  });
  return error ? (error.message ?? 'The payment did not go through. Please try again.') : null;
}
