/** `GET /api/config`: what the browser needs to know about this deployment's integrations. */
export type PublicConfig = {
  /** The federated sign-in ('Continue with …'), or null when it is not set up. */
  federatedProvider: { id: string; name: string } | null;
  captcha: { provider: 'altcha' | 'recaptcha' | 'turnstile' };
  payments: { provider: 'sandbox' | 'stripe'; publishableKey?: string };
  /** Payments are simulated (the sandbox processor): every page says so with a ribbon. */
  testMode: boolean;
};
