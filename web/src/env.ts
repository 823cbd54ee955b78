/**
 * Build-time configuration of the web app; the only place that reads import.meta.env. Checked by
 * hand rather than with zod so that zod stays out of the landing page's JavaScript budget.
 */
function readUrl(name: string, value: string | undefined, fallback: string): string {
  const url = value || fallback;
  if (!URL.canParse(url)) throw new Error(`${name} must be an absolute URL, got "${url}"`);
  return url;
}

function readChoice<T extends string>(name: string, value: string | undefined, choices: readonly T[]): T {
  const choice = (value || choices[0]) as T;
  if (!choices.includes(choice)) throw new Error(`${name} must be one of ${choices.join(', ')}`);
  return choice;
}

function readStripeKey(value: string | undefined): string | undefined {
  if (!value) return undefined;
  if (!/^pk_(test|live)_\w+$/.test(value))
    throw new Error('VITE_STRIPE_PUBLISHABLE_KEY must start with pk_test_ or pk_live_');
  return value;
}

const env = import.meta.env;

export const webEnv = {
  /** Absolute address of the site, used in canonical links and Open Graph tags. */
  VITE_PUBLIC_URL: readUrl('VITE_PUBLIC_URL', env.VITE_PUBLIC_URL, 'http://localhost:3000'),
  /** Optional video for the landing page's video section; without it the poster stands alone. */
  VITE_LANDING_VIDEO_URL: (env.VITE_LANDING_VIDEO_URL as string | undefined) || undefined,
  /** Captcha widget: 'altcha' (self-hosted, default), 'recaptcha' or 'turnstile' with its site key. */
  VITE_CAPTCHA_PROVIDER: readChoice('VITE_CAPTCHA_PROVIDER', env.VITE_CAPTCHA_PROVIDER, [
    'altcha',
    'recaptcha',
    'turnstile',
  ] as const),
  VITE_CAPTCHA_SITE_KEY: (env.VITE_CAPTCHA_SITE_KEY as string | undefined) || undefined,
  /** Stripe's publishable key ('pk_…'), used only when the server's payments provider is Stripe. */
  VITE_STRIPE_PUBLISHABLE_KEY: readStripeKey(env.VITE_STRIPE_PUBLISHABLE_KEY),
} as const;
