import { type Locale, visitorLocale } from '@firstday/common/locales';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { genericOAuth } from 'better-auth/plugins';
import { recordAccountActivity } from '../account/account-activity.ts';
import { findAccountLocale } from '../account/account-locale.ts';
import { createExistingSignUpEmail, createPasswordResetEmail, createVerificationEmail } from '../emails/auth.ts';
import type { Db } from '../lib/db.ts';
import { type Env, normalizeIssuer } from '../lib/env.ts';
import { hashKey } from '../lib/hash-key.ts';
import { enqueueMail } from '../lib/mail/outbox.ts';
import type { RateLimiter } from '../lib/rate-limit.ts';
import { refuseUnusableCallbackUrls } from './callback-url.ts';
import { pendingSignUp } from './pending-sign-up.ts';
import * as authSchema from './schema.ts';

export const PASSWORD_MIN_LENGTH = 8;
/** The provider id of the federated sign-in (Google in production, a local OIDC provider in tests). */
export const FEDERATED_PROVIDER_ID = 'oidc';

/** better-auth sees only the Request; auth-routes.ts puts the caller's address (for rate limits) here. */
export const CLIENT_IP_HEADER = 'x-firstday-client-ip';

type AuthDeps = {
  env: Env;
  db: Db;
  wakeMailWorker(): void;
  /** Verification e-mails sent per address (app-context.ts): beyond it, none is sent. */
  verificationMails: Pick<RateLimiter, 'tryHit' | 'giveBack'>;
};

/** Whether the federated provider's `email_verified` is believed: its issuer is in AUTH_TRUSTED_PROVIDERS. */
export function isFederatedProviderTrusted(env: Pick<Env, 'OIDC_ISSUER' | 'AUTH_TRUSTED_PROVIDERS'>): boolean {
  return env.AUTH_TRUSTED_PROVIDERS.includes(normalizeIssuer(env.OIDC_ISSUER));
}

/**
 * better-auth: e-mail + password with verification and reset, one federated OpenID Connect
 * provider, sessions in the database behind an httpOnly cookie. Every e-mail it sends goes
 * through the outbox.
 */
/** How long a confirmation link, and the sign-up tab waiting for it, stay good. */
const VERIFICATION_EXPIRES_IN_SECONDS = 24 * 60 * 60;

export function createAuth({ env, db, wakeMailWorker, verificationMails }: AuthDeps) {
  const secure = env.APP_URL.startsWith('https://');
  /** False when the same mail (its dedupe key) was already queued. */
  const queue = async (mail: Parameters<typeof enqueueMail>[1]): Promise<boolean> => {
    const queued = await enqueueMail(db, mail);
    wakeMailWorker();
    return queued;
  };
  // The account's language once it has one; before that (a sign-up), the language the visitor
  // chose on the site (cookie) or their browser's; English when better-auth passes no request.
  const mailLocale = async (userId: string, request?: Request): Promise<Locale> =>
    (await findAccountLocale(db, userId)) ?? visitorLocale(request?.headers);
  const federatedTrusted = isFederatedProviderTrusted(env);

  return betterAuth({
    appName: 'Firstday',
    baseURL: env.APP_URL,
    basePath: '/api/auth',
    secret: env.APP_SECRET,
    database: drizzleAdapter(db, { provider: 'pg', schema: authSchema }),
    trustedOrigins: [env.APP_URL, ...env.AUTH_EXTRA_ORIGINS],
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      requireEmailVerification: true,
      autoSignIn: false,
      revokeSessionsOnPasswordReset: true,
      // Sign-up answers the same for a known address; the owner learns of the attempt by e-mail.
      async onExistingUserSignUp({ user }, request) {
        await queue({
          to: user.email,
          dedupeKey: `existing-sign-up:${user.id}:${new Date().toISOString().slice(0, 13)}`,
          ...(await createExistingSignUpEmail({
            appUrl: env.APP_URL,
            locale: await mailLocale(user.id, request),
            name: user.name,
          })),
        });
      },
      resetPasswordTokenExpiresIn: 60 * 60,
      async sendResetPassword({ user, token }, request) {
        const url = `${env.APP_URL}/resetpassword?oobCode=${encodeURIComponent(token)}`;
        await queue({
          to: user.email,
          // The token itself must not stay in the outbox (retention schedule, 'mail-body').
          dedupeKey: `password-reset:${hashKey(token)}`,
          ...(await createPasswordResetEmail({
            appUrl: env.APP_URL,
            locale: await mailLocale(user.id, request),
            name: user.name,
            resetUrl: url,
          })),
        });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: VERIFICATION_EXPIRES_IN_SECONDS,
      async sendVerificationEmail({ user, url, token }, request) {
        // Past a few an hour the address gets no more, whoever asks and however (sign-up, resend,
        // a federated sign-in), and every request is answered the same: nobody can flood an inbox
        // that has not even confirmed it wants our mail. The links already sent keep working.
        const address = user.email.toLowerCase();
        if (!(await verificationMails.tryHit(address))) return;
        const queued = await queue({
          to: user.email,
          dedupeKey: `verify:${hashKey(token)}`,
          ...(await createVerificationEmail({
            appUrl: env.APP_URL,
            locale: await mailLocale(user.id, request),
            name: user.name,
            verifyUrl: url,
          })),
        });
        // The same token within a second is the same e-mail, already queued: it costs nothing.
        if (!queued) await verificationMails.giveBack(address);
      },
    },
    account: {
      // Federated sign-in reaches an existing account of the same address only with a trusted
      // provider's verified address, and only an account whose own address is verified
      // (better-auth's requireLocalEmailVerified, on by default). The link is better-auth's
      // implicit linking; /link-social is not open (auth-routes.ts).
      accountLinking: {
        enabled: true,
        // better-auth links its trusted providers even when they do not vouch for the address:
        // none of ours may. Trust is expressed by believing `email_verified` (mapProfileToUser).
        trustedProviders: [],
        disableImplicitLinking: !federatedTrusted,
        allowDifferentEmails: false,
      },
    },
    user: {
      changeEmail: { enabled: true },
      deleteUser: { enabled: true },
    },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    // Reset links' tokens are stored as their SHA-256, so the table holds no usable link.
    verification: { storeIdentifier: 'hashed' },
    // A sign-in, or a session refreshed by a visit (updateAge), is the account's activity.
    databaseHooks: {
      session: {
        create: { after: (session) => recordAccountActivity(db, session?.userId) },
        update: { after: (session) => recordAccountActivity(db, session?.userId) },
      },
    },
    hooks: { before: refuseUnusableCallbackUrls },
    rateLimit: {
      enabled: true,
      // In the database (`auth_rate_limit`), so the limits hold across all servers (decision 015).
      storage: 'database',
      window: 60,
      max: 100,
      customRules: {
        // Sign-in counts failures only, per IP and per account and IP (auth-routes.ts).
        '/sign-in/email': false,
        '/sign-up/email': { window: 60, max: env.AUTH_RATE_LIMIT_PER_MINUTE },
        // Starting a federated sign-in: better-auth's own rule for '/sign-in*' (3 in 10 s per IP)
        // would trip a family behind one address, and the e2e tests' parallel sign-ins.
        '/sign-in/social': { window: 60, max: env.AUTH_RATE_LIMIT_PER_MINUTE },
        '/send-verification-email': { window: 60, max: env.AUTH_RATE_LIMIT_PER_MINUTE },
        '/request-password-reset': { window: 60, max: env.AUTH_RATE_LIMIT_PER_MINUTE },
        '/reset-password': { window: 60, max: env.AUTH_RATE_LIMIT_PER_MINUTE },
      },
    },
    advanced: {
      useSecureCookies: secure,
      // Set by auth-routes.ts from the socket (or X-Forwarded-For behind a trusted proxy).
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    plugins: [
      pendingSignUp({ db, expiresInSeconds: VERIFICATION_EXPIRES_IN_SECONDS }),
      ...(env.OIDC_CLIENT_ID
        ? [
            genericOAuth({
              config: [
                {
                  providerId: FEDERATED_PROVIDER_ID,
                  discoveryUrl: `${env.OIDC_ISSUER.replace(/\/$/, '')}/.well-known/openid-configuration`,
                  clientId: env.OIDC_CLIENT_ID,
                  clientSecret: env.OIDC_CLIENT_SECRET,
                  scopes: ['openid', 'email', 'profile'],
                  pkce: true,
                  // An untrusted provider's address counts as not vouched for, whatever it claims.
                  ...(federatedTrusted ? {} : { mapProfileToUser: () => ({ emailVerified: false }) }),
                  // An address not vouched for makes an unverified account: better-auth sends our
                  // verification e-mail (sendOnSignUp) and gives no session until the link is opened.
                  requireEmailVerification: true,
                },
              ],
            }),
          ]
        : []),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
