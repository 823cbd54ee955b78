import { AccountSettingsSchema, type CurrentUser } from '@firstday/common/account';
import { maskIban } from '@firstday/common/iban';
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppContext } from '../app-context.ts';
import { hasPassword } from '../auth/recent-authentication.ts';
import { requireSession } from '../auth/require-session.ts';
import { captchaFailed } from '../captcha/captcha-routes.ts';
import { getClientIp } from '../lib/client-ip.ts';
import { AppError } from '../lib/errors.ts';
import { readJsonBody } from '../lib/json-body.ts';
import { createRateLimiter, limitByIp } from '../lib/rate-limit.ts';
import { createSecretBox } from '../lib/secret-box.ts';
import { authorizePayoutIbanChange, enqueuePayoutIbanChangedMail } from './change-payout-iban.ts';
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
      savings_goal_cents: profile?.savingsGoalCents ?? null,
      hide_sender_names_default: profile?.hideSenderNamesDefault ?? false,
      hide_total_default: profile?.hideTotalDefault ?? true,
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

const DeleteAccountSchema = z.object({
  password: z.string().max(200).optional(),
  confirm: z.literal('DELETE').optional(),
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
  const ibanBox = createSecretBox(context.env.APP_SECRET, 'iban');

  const resetRequests = createRateLimiter(context.rateLimits.authMailsPerAccountAndIp);
  const resetMails = createRateLimiter(context.rateLimits.resetMailsPerAccount);
  return new Hono()
    .post('/password-reset', limitByIp(context.rateLimits.passwordReset, context.env.TRUST_PROXY), async (c) => {
      const { email, captchaValue } = await readJsonBody(c, PasswordResetRequestSchema);
      const ip = getClientIp(c, context.env.TRUST_PROXY);
      if (!(await context.captcha.verify(captchaValue, ip))) throw captchaFailed();
      resetRequests.hit(`${email}|${ip}`);
      // Past a few e-mails an hour the address gets no more, whoever asks, and the answer stays the
      // same: a stranger can neither flood the inbox nor use up the owner's own requests (the links
      // already sent keep working).
      if (!resetMails.tryHit(email)) return c.json({ sent: true });
      // Not awaited: the answer takes the same time whether or not the address has an account.
      context.auth.api
        .requestPasswordReset({ body: { email, redirectTo: '/resetpassword' } })
        .catch((error: unknown) => {
          context.logger.error({ err: error }, 'password reset request failed');
        });
      return c.json({ sent: true });
    })
    .put('/settings', async (c) => {
      const signedIn = await requireSession(context, c);
      const { user } = signedIn;
      const { password, ...input } = await readJsonBody(c, AccountSettingsSchema);
      const headers = c.req.raw.headers;

      // Before anything is saved: a new payout IBAN, or a new address (which could then receive a
      // password reset), needs the password or a fresh sign-in; a refusal changes nothing.
      const [profile] = await context.db.select().from(userProfiles).where(eq(userProfiles.userId, user.id));
      const newIban = await authorizePayoutIbanChange(
        context,
        ibanBox,
        { headers, signedIn, password },
        { owner: { kind: 'account' }, currentEncrypted: profile?.ibanEncrypted, iban: input.iban },
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

      // '' clears the IBAN; the same IBAN again is left as it is.
      const iban =
        input.iban === ''
          ? { ibanEncrypted: null, ibanMasked: null }
          : newIban
            ? { ibanEncrypted: ibanBox.seal(newIban), ibanMasked: maskIban(newIban) }
            : {};
      const now = new Date();
      const values = {
        savingsGoalCents: input.savingsGoalCents,
        hideSenderNamesDefault: input.hideSenderNamesDefault,
        hideTotalDefault: input.hideTotalDefault,
        updatedAt: now,
        ...iban,
      };
      await context.db.transaction(async (tx) => {
        await tx
          .insert(userProfiles)
          .values({ userId: user.id, ...values })
          .onConflictDoUpdate({ target: userProfiles.userId, set: values });
        if (newIban) {
          await enqueuePayoutIbanChangedMail(tx, context.env, {
            to: user,
            owner: { kind: 'account' },
            previousMasked: profile?.ibanMasked ?? null,
            newMasked: maskIban(newIban),
            changedAt: now,
          });
        }
      });
      if (newIban) context.wakeMailWorker();

      const name = input.name;
      return c.json({
        ...(await getCurrentUser(context, { ...user, name })),
        ...(pendingEmail ? { pending_email: pendingEmail } : {}),
      });
    })
    .post('/delete', async (c) => {
      const { user } = await requireSession(context, c);
      const input = await readJsonBody(c, DeleteAccountSchema);
      const headers = c.req.raw.headers;
      if (await hasPassword(context, user.id)) {
        if (!input.password) {
          throw new AppError('validation_failed', 'Some fields need your attention.', 400, {
            fields: { password: 'Please enter your password to delete your account.' },
          });
        }
        try {
          await context.auth.api.deleteUser({ headers, body: { password: input.password } });
        } catch {
          throw new AppError('invalid_password', 'The password is not correct.', 400, {
            fields: { password: 'The password is not correct.' },
          });
        }
      } else {
        if (input.confirm !== 'DELETE') {
          throw new AppError('password_not_set', 'Type DELETE to confirm that your account should be deleted.', 400, {
            fields: { confirm: 'Type DELETE to confirm.' },
          });
        }
        await context.auth.api.deleteUser({ headers, body: {} });
      }
      context.logger.info({ userId: user.id }, 'account deleted');
      return c.json({ deleted: true });
    });
}
