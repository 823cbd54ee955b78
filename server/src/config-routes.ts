import type { PublicConfig } from '@firstday/common/config';
import { Hono } from 'hono';
import type { AppContext } from './app-context.ts';
import { FEDERATED_PROVIDER_ID } from './auth/auth.ts';

/** What the browser needs to know about this deployment's optional integrations. */
export function createConfigRoutes(context: AppContext) {
  return new Hono().get('/', (c) =>
    c.json({
      federatedProvider: context.env.OIDC_CLIENT_ID
        ? { id: FEDERATED_PROVIDER_ID, name: context.env.OIDC_PROVIDER_NAME }
        : null,
      captcha: { provider: context.env.CAPTCHA_PROVIDER },
      payments: {
        provider: context.payments.name,
        ...(context.payments.name === 'stripe' && context.env.STRIPE_PUBLISHABLE_KEY
          ? { publishableKey: context.env.STRIPE_PUBLISHABLE_KEY }
          : {}),
      },
      testMode: context.payments.name === 'sandbox',
    } satisfies PublicConfig),
  );
}
