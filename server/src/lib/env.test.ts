import { describe, expect, it } from 'vitest';
import { DEVELOPMENT_APP_SECRET, GOOGLE_ISSUER, parseEnv } from './env.ts';

const production = {
  NODE_ENV: 'production',
  APP_URL: 'https://firstday.app',
  APP_SECRET: 'a'.repeat(64),
  DATABASE_URL: 'postgres://db/firstday',
  SMTP_URL: 'smtps://user:secret@smtp.example.com:465',
  STRIPE_SECRET_KEY: 'sk_live_x',
  STRIPE_WEBHOOK_SECRET: 'whsec_x',
};

const problems = (source: Record<string, string | undefined>) => {
  try {
    parseEnv(source);
    return '';
  } catch (error) {
    return (error as Error).message;
  }
};

describe('parseEnv in production', () => {
  it('starts with real payments, a secret of its own, a database and an SMTP server', () => {
    expect(parseEnv(production)).toMatchObject({ NODE_ENV: 'production', PAYMENTS_PROVIDER: 'stripe' });
  });

  it('refuses to fall back to the sandbox processor without being told', () => {
    expect(problems({ ...production, STRIPE_SECRET_KEY: undefined })).toContain(
      'STRIPE_SECRET_KEY: production takes real payments',
    );
  });

  it('runs a staging site on the sandbox when asked by name', () => {
    const staging = parseEnv({ ...production, STRIPE_SECRET_KEY: undefined, PAYMENTS_PROVIDER: 'sandbox' });
    expect(staging.PAYMENTS_PROVIDER).toBe('sandbox');
  });

  it('refuses the sandbox beside Stripe keys: the operator expects real payments', () => {
    expect(problems({ ...production, PAYMENTS_PROVIDER: 'sandbox' })).toContain(
      'PAYMENTS_PROVIDER: PAYMENTS_PROVIDER=sandbox simulates every payment, yet STRIPE_SECRET_KEY is set',
    );
  });

  it('reads empty variables as unset, as compose passes them', () => {
    expect(parseEnv({ ...production, PAYMENTS_PROVIDER: '' }).PAYMENTS_PROVIDER).toBe('stripe');
    expect(
      problems({ ...production, PAYMENTS_PROVIDER: '', STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '' }),
    ).toContain('STRIPE_SECRET_KEY: production takes real payments');
  });

  it('refuses the development secret, which signs links and the sandbox webhooks', () => {
    expect(problems({ ...production, APP_SECRET: DEVELOPMENT_APP_SECRET })).toContain(
      'APP_SECRET is the public development value',
    );
  });

  it('refuses the embedded mail catcher, a missing webhook secret and a missing secret', () => {
    expect(problems({ ...production, SMTP_URL: undefined })).toContain('SMTP_URL is required in production');
    expect(problems({ ...production, STRIPE_WEBHOOK_SECRET: undefined })).toContain(
      'STRIPE_WEBHOOK_SECRET is required',
    );
    expect(problems({ ...production, APP_SECRET: undefined })).toContain('APP_SECRET is required in production');
  });
});

describe('parseEnv in development', () => {
  it('needs nothing: sandbox payments and the development secret', () => {
    expect(parseEnv({})).toMatchObject({ PAYMENTS_PROVIDER: 'sandbox', APP_SECRET: DEVELOPMENT_APP_SECRET });
    expect(parseEnv({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' }).PAYMENTS_PROVIDER).toBe(
      'stripe',
    );
    expect(problems({ PAYMENTS_PROVIDER: 'stripe' })).toContain('STRIPE_SECRET_KEY is required with PAYMENTS_PROVIDER');
  });
});

describe('AUTH_TRUSTED_PROVIDERS', () => {
  it('trusts Google by default, by issuer', () => {
    expect(parseEnv({}).AUTH_TRUSTED_PROVIDERS).toEqual([GOOGLE_ISSUER]);
    expect(parseEnv({ AUTH_TRUSTED_PROVIDERS: '' }).AUTH_TRUSTED_PROVIDERS).toEqual([GOOGLE_ISSUER]);
  });

  it('reads issuer URLs without their trailing slash, google by name, and none', () => {
    expect(
      parseEnv({ AUTH_TRUSTED_PROVIDERS: 'google, https://id.example.com/realms/firstday/' }).AUTH_TRUSTED_PROVIDERS,
    ).toEqual([GOOGLE_ISSUER, 'https://id.example.com/realms/firstday']);
    expect(parseEnv({ AUTH_TRUSTED_PROVIDERS: 'none' }).AUTH_TRUSTED_PROVIDERS).toEqual([]);
  });

  it('refuses anything else, such as a provider named but not addressed', () => {
    expect(problems({ AUTH_TRUSTED_PROVIDERS: 'github' })).toContain(
      "AUTH_TRUSTED_PROVIDERS lists issuer URLs (or 'google', or 'none')",
    );
  });
});

describe('benchmark settings', () => {
  const staging = { ...production, STRIPE_SECRET_KEY: undefined, PAYMENTS_PROVIDER: 'sandbox' };

  it('lets a benchmark skip the captcha in production only on the sandbox, never beside real payments', () => {
    expect(parseEnv({ ...staging, BENCH_DISABLE_CAPTCHA: 'true' }).BENCH_DISABLE_CAPTCHA).toBe(true);
    expect(problems({ ...production, BENCH_DISABLE_CAPTCHA: 'true' })).toContain(
      'BENCH_DISABLE_CAPTCHA is for benchmarks: in production only with PAYMENTS_PROVIDER=sandbox',
    );
  });

  it('leaves sandbox webhooks to another process only on PostgreSQL', () => {
    expect(parseEnv({ ...staging, SANDBOX_WEBHOOKS: 'external' }).SANDBOX_WEBHOOKS).toBe('external');
    expect(parseEnv({}).SANDBOX_WEBHOOKS).toBe('server');
    expect(problems({ SANDBOX_WEBHOOKS: 'external' })).toContain('SANDBOX_WEBHOOKS=external needs PostgreSQL');
    expect(problems({ SANDBOX_WEBHOOKS: 'stripe' })).toContain('SANDBOX_WEBHOOKS');
  });
});
