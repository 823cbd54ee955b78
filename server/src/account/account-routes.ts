import { type CurrentUser, DeleteAccountRequestSchema } from '@firstday/common/account';
import { AccountSettingsSchema } from '@firstday/common/account-settings';
import { maskBankAccount } from '@firstday/common/bank-account';
import { takeBankAccount } from '@firstday/common/bank-account-schema';
import { LocaleSchema } from '@firstday/common/locale-schema';
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppContext } from '../app-context.ts';
import { getReaderLocale } from '../auth/reader-locale.ts';
import { hasPassword } from '../auth/recent-authentication.ts';
import { requireSession } from '../auth/require-session.ts';
import { captchaFailed } from '../captcha/captcha-routes.ts';
import { getClientIp } from '../lib/client-ip.ts';
import { AppError } from '../lib/errors.ts';
import { readJsonBody } from '../lib/json-body.ts';
import { limitByIp } from '../lib/rate-limit.ts';
import { createSecretBox } from '../lib/secret-box.ts';
import { authorizePayoutIbanChange, enqueuePayoutIbanChangedMail } from './change-payout-iban.ts';
import { deleteAccount, getAccountDeletionCheck } from './delete-account.ts';
import { userProfiles } from './schema.ts';

/** Splits the single Name field of sign-up into the first/last names the specification's user has. */
export function splitName(name: string): { first_name: string; last_name: string } {
  const [first = '', ...rest] = name.trim().split(/\s+/);
  return { first_name: first, last_name: rest.join(' ') };
}

type SessionUser = { id: string; name: string; email: string; emailVerified: boolean };

async function getCurrentUser(context: AppContext, user: SessionUser): Promise<CurrentUser> {
  const [[profile], passwordSet] = await Promise.all([
    context.db.select().from(userProfiles).where(eq(userProfiles.userId, user.id)),
    hasPassword(context, user.id),
  ]);
  return {
    ...splitName(user.name),
    name: user.name,
    email: user.email,
    email_verified: user.emailVerified,
    has_password: passwordSet,
    IBAN: profile?.ibanMasked ?? null,
    settings: {
      savings_goal_amount: profile?.savingsGoalAmount ?? null,
      savings_goal_currency: profile?.savingsGoalCurrency ?? null,
      hide_sender_names_default: profile?.hideSenderNamesDefault ?? false,
      hide_total_default: profile?.hideTotalDefault ?? true,
      gift_notifications: profile?.giftNotifications ?? true,
      locale: profile?.locale ?? null,
    },
  };
}

const PasswordResetRequestSchema = z.object({
  email: z
    .string({ error: 'Please provide an email address to recover password' })
    .trim()
    .min(1, 'Please provide an email address to recover password')
    .max(254, 'An e-mail address can be at most 254 characters.')
    .transform((email) => email.toLowerCase()),
  captchaValue: z.string({ error: 'Please verify the captcha!' }).min(1, 'Please verify the captcha!').max(8_192),
});

/** `GET /api/users/me`. */
export function createUserRoutes(context: AppContext) {
  return new Hono().get('/me', async (c) => {
    const { user } = await requireSession(context, c);
    return c.json(await getCurrentUser(context, user));
  });
}

/** Account settings and account deletion. */
export function createAccountRoutes(context: AppContext) {
  const ibanBox = createSecretBox(context.env.APP_SECRETS, 'iban');

  const { limiters, rateLimits } = context;
  const resetRequests = limiters.create('reset-requests-per-account-and-ip', rateLimits.authMailsPerAccountAndIp);
  const resetMails = limiters.create('reset-mails-per-account', rateLimits.resetMailsPerAccount);
  const perIp = limitByIp(limiters.create('password-reset-per-ip', rateLimits.passwordReset), context.env.TRUST_PROXY);
  return (
    new Hono()
      .post('/password-reset', perIp, async (c) => {
        const { email, captchaValue } = await readJsonBody(c, PasswordResetRequestSchema);
        const ip = getClientIp(c, context.env.TRUST_PROXY);
        if (!(await context.captcha.verify(captchaValue, ip))) throw captchaFailed();
        await resetRequests.hit(`${email}|${ip}`);
        // Past a few e-mails an hour the address gets no more, whoever asks, and the answer stays the
        // same: a stranger can neither flood the inbox nor use up the owner's own requests (the links
        // already sent keep working).
        if (!(await resetMails.tryHit(email))) return c.json({ sent: true });
        // Not awaited: the answer takes the same time whether or not the address has an account. The
        // request goes along for the e-mail's language (cookie, Accept-Language) when the account has none.
        context.auth.api
          .requestPasswordReset({ body: { email, redirectTo: '/resetpassword' }, request: c.req.raw })
          .catch((error: unknown) => {
            context.logger.error({ err: error }, 'password reset request failed');
          });
        return c.json({ sent: true });
      })
      .put('/settings', async (c) => {
        const signedIn = await requireSession(context, c);
        const { user } = signedIn;
        const body = await readJsonBody(c, AccountSettingsSchema);
        // The bank account fields as the one text kept (bank-account.ts); `iban: ''` removes it.
        const { password, bankAccount, ...input } = takeBankAccount(body);
        const clearsBankAccount = body.iban === '';
        const headers = c.req.raw.headers;

        // Before anything is saved: a new payout bank account, or a new address (which could then
        // receive a password reset), needs the password or a fresh sign-in; a refusal changes nothing.
        const [profile] = await context.db.select().from(userProfiles).where(eq(userProfiles.userId, user.id));
        const newBankAccount = await authorizePayoutIbanChange(
          context,
          ibanBox,
          { headers, signedIn, password },
          { owner: { kind: 'account' }, currentEncrypted: profile?.ibanEncrypted, iban: bankAccount },
          { alsoConfirms: input.email !== user.email },
        );

        if (input.name !== user.name) await context.auth.api.updateUser({ headers, body: { name: input.name } });

        let pendingEmail: string | undefined;
        if (input.email !== user.email) {
          try {
            await context.auth.api.changeEmail({ headers, body: { newEmail: input.email, callbackURL: '/settings' } });
          } catch {
            // The same words whether or not the address belongs to someone else.
            throw new AppError('validation_failed', 'Some fields need your attention.', 400, {
              fields: { email: 'This e-mail address cannot be used. Please choose another one.' },
            });
          }
          pendingEmail = input.email;
        }

        // '' clears the bank account; the same account again is left as it is. Sealed in the IBAN
        // columns, which predate issue 24's US and UK accounts.
        const sealed = clearsBankAccount
          ? { ibanEncrypted: null, ibanMasked: null }
          : newBankAccount
            ? { ibanEncrypted: ibanBox.seal(newBankAccount), ibanMasked: maskBankAccount(newBankAccount) }
            : {};
        const now = new Date();
        const values = {
          savingsGoalAmount: input.savingsGoalAmount,
          savingsGoalCurrency: input.savingsGoalAmount === null ? null : input.savingsGoalCurrency,
          hideSenderNamesDefault: input.hideSenderNamesDefault,
          hideTotalDefault: input.hideTotalDefault,
          giftNotifications: input.giftNotifications,
          locale: input.locale,
          updatedAt: now,
          ...sealed,
        };
        await context.db.transaction(async (tx) => {
          await tx
            .insert(userProfiles)
            .values({ userId: user.id, ...values })
            .onConflictDoUpdate({ target: userProfiles.userId, set: values });
          if (newBankAccount) {
            await enqueuePayoutIbanChangedMail(tx, context.env, {
              to: user,
              owner: { kind: 'account' },
              previousMasked: profile?.ibanMasked ?? null,
              newMasked: maskBankAccount(newBankAccount),
              changedAt: now,
            });
          }
        });
        if (newBankAccount) context.wakeMailWorker();

        const name = input.name;
        return c.json({
          ...(await getCurrentUser(context, { ...user, name })),
          ...(pendingEmail ? { pending_email: pendingEmail } : {}),
        });
      })
      // The language alone: the shell records the page's language the first time, Settings changes it.
      .put('/locale', async (c) => {
        const { user } = await requireSession(context, c);
        const { locale } = await readJsonBody(c, z.object({ locale: LocaleSchema }));
        await context.db
          .insert(userProfiles)
          .values({ userId: user.id, locale, updatedAt: new Date() })
          .onConflictDoUpdate({ target: userProfiles.userId, set: { locale, updatedAt: new Date() } });
        return c.json(await getCurrentUser(context, user));
      })
      .get('/deletion', async (c) => {
        const { user } = await requireSession(context, c);
        return c.json(
          await getAccountDeletionCheck(
            context.db,
            user.id,
            await getReaderLocale(context.db, user.id, c.req.raw.headers),
          ),
        );
      })
      .post('/delete', async (c) => {
        const signedIn = await requireSession(context, c);
        const input = await readJsonBody(c, DeleteAccountRequestSchema);
        const headers = c.req.raw.headers;
        await deleteAccount(context, signedIn, headers, input);
        // The session row went with the user; better-auth's sign-out expires its cookies too.
        const signedOut = await context.auth.api.signOut({ headers, returnHeaders: true });
        for (const cookie of signedOut.headers.getSetCookie()) c.header('Set-Cookie', cookie, { append: true });
        return c.json({ deleted: true });
      })
  );
}
