import type { Db } from '../lib/db.ts';
import type { Env } from '../lib/env.ts';
import type { Logger } from '../lib/logger.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { createSandboxProvider, type SandboxWebhookDelivery } from './sandbox-provider.ts';
import { createStripeProvider } from './stripe-provider.ts';

/** The provider PAYMENTS_PROVIDER names (env.ts: Stripe when its key is set, otherwise the sandbox). */
export function createPaymentProvider(options: {
  env: Env;
  db: Db;
  logger: Logger;
  sandboxWebhooks?: SandboxWebhookDelivery;
}): PaymentProvider {
  const { env } = options;
  if (env.PAYMENTS_PROVIDER === 'stripe' && env.STRIPE_SECRET_KEY) {
    return createStripeProvider({
      secretKey: env.STRIPE_SECRET_KEY,
      // Platform events and Connect events (payouts on connected accounts) come signed by different endpoints.
      webhookSecrets: [env.STRIPE_WEBHOOK_SECRET, env.STRIPE_CONNECT_WEBHOOK_SECRET].filter(
        (secret): secret is string => !!secret,
      ),
      apiBase: env.STRIPE_API_BASE,
    });
  }
  return createSandboxProvider({
    db: options.db,
    appSecret: env.APP_SECRET,
    delayMs: env.SANDBOX_WEBHOOK_DELAY_MS,
    webhooks: options.sandboxWebhooks ?? createHttpWebhookDelivery(getSandboxWebhookUrl(env), options.logger),
    confirmedElsewhere: env.SANDBOX_WEBHOOKS === 'external',
  });
}

/**
 * Where sandbox webhooks are posted: SANDBOX_WEBHOOK_URL, or the server's own listening port on
 * the loopback. Not APP_URL: that is the public address, which a server in a container (behind a
 * proxy, or a published port) usually cannot reach from inside.
 */
export function getSandboxWebhookUrl(env: Pick<Env, 'SANDBOX_WEBHOOK_URL' | 'PORT' | 'HOST' | 'APP_URL'>): string {
  if (env.SANDBOX_WEBHOOK_URL) return env.SANDBOX_WEBHOOK_URL;
  // PORT=0 (a free port, tests) is known only once listening: the address the server was given then.
  if (env.PORT === 0) return `${env.APP_URL}${SANDBOX_WEBHOOK_PATH}`;
  const host = ['0.0.0.0', '::', ''].includes(env.HOST)
    ? '127.0.0.1'
    : env.HOST.includes(':')
      ? `[${env.HOST}]`
      : env.HOST;
  return `http://${host}:${env.PORT}${SANDBOX_WEBHOOK_PATH}`;
}

export const SANDBOX_WEBHOOK_PATH = '/api/payments/webhooks/sandbox';

const HTTP_DELIVERY_ATTEMPTS = 4;

/**
 * The real server posts sandbox events to its own webhook address, exactly the path Stripe's
 * events take. A delivery that never lands is picked up by reconciliation.
 */
export function createHttpWebhookDelivery(url: string, logger: Logger): SandboxWebhookDelivery {
  return {
    schedule(run, delayMs) {
      setTimeout(() => void run(), delayMs).unref();
    },
    async deliver(body, headers) {
      for (let attempt = 1; attempt <= HTTP_DELIVERY_ATTEMPTS; attempt++) {
        try {
          const response = await fetch(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(10_000) });
          await response.body?.cancel();
          if (response.ok) return;
          logger.warn({ status: response.status, attempt }, 'sandbox webhook refused');
        } catch (error) {
          logger.warn({ err: (error as Error).message, attempt }, 'sandbox webhook delivery failed');
        }
        await new Promise((resolve) => setTimeout(resolve, 1000 * 2 ** attempt));
      }
    },
  };
}
