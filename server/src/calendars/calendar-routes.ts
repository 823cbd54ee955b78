import { takeBankAccount } from '@firstday/common/bank-account-schema';
import { CreateCalendarSchema, UpdateCalendarSchema } from '@firstday/common/calendar-forms';
import { PayRequestSchema, SupportRequestSchema } from '@firstday/common/calendars';
import { SITE } from '@firstday/common/site';
import { type Context, Hono } from 'hono';
import { getAccountLocale } from '../account/account-locale.ts';
import { authorizePayoutIbanChange, enqueuePayoutIbanChangedMail } from '../account/change-payout-iban.ts';
import type { AppContext } from '../app-context.ts';
import { getReaderLocale } from '../auth/reader-locale.ts';
import { requireSession } from '../auth/require-session.ts';
import { createSupportReceivedEmail, createSupportRequestEmail } from '../emails/support.ts';
import { isOwnImage } from '../images/image-store.ts';
import { getClientIp } from '../lib/client-ip.ts';
import { AppError } from '../lib/errors.ts';
import { enqueueJob } from '../lib/jobs/queue.ts';
import { readJsonBody } from '../lib/json-body.ts';
import { enqueueMail } from '../lib/mail/outbox.ts';
import { limitByIp } from '../lib/rate-limit.ts';
import { createSecretBox } from '../lib/secret-box.ts';
import { startFeePayment } from '../payments/charge-payments.ts';
import { describePaymentSource, guardPaymentAttempt } from '../payments/payment-guard.ts';
import { getPayoutHeldUntil } from '../payments/payout-hold.ts';
import { PREPARE_PAYOUT_RECIPIENT_JOB, readPayoutTermsAcceptance } from '../payments/payout-recipients.ts';
import {
  CLOSED_CALENDAR_MESSAGE,
  createDraftCalendar,
  getOwnedCalendar,
  listOwnedCalendars,
  lockDraftForFee,
  toOwnerCalendar,
  updateCalendar,
} from './calendar-service.ts';
import { getCalendarTitle } from './calendar-title.ts';

/** `/api/calendars`: the owner's calendars. Every route needs a session and answers 404 for others' ids. */
export function createCalendarRoutes(context: AppContext) {
  const box = createSecretBox(context.env.APP_SECRETS, 'iban');
  const draftLimiter = context.limiters.create('calendar-drafts-per-account', context.rateLimits.calendarDrafts);
  const readerLocale = (c: Context, userId: string) => getReaderLocale(context.db, userId, c.req.raw.headers);
  return new Hono()
    .get('/', async (c) => {
      const { user } = await requireSession(context, c);
      const [rows, locale] = await Promise.all([listOwnedCalendars(context.db, user.id), readerLocale(c, user.id)]);
      return c.json({ calendars: rows.map((row) => toOwnerCalendar(row, locale)) });
    })
    .post('/', async (c) => {
      const { user } = await requireSession(context, c);
      await draftLimiter.hit(user.id);
      const input = takeBankAccount(await readJsonBody(c, CreateCalendarSchema));
      const terms = readPayoutTermsAcceptance(c, context.env.TRUST_PROXY);
      const row = await createDraftCalendar(context.db, box, user.id, input, terms);
      return c.json(toOwnerCalendar(row, await readerLocale(c, user.id)), 201);
    })
    .get('/:id', async (c) => {
      const { user } = await requireSession(context, c);
      return c.json(
        toOwnerCalendar(await getOwnedCalendar(context.db, user.id, c.req.param('id')), await readerLocale(c, user.id)),
      );
    })
    .patch('/:id', async (c) => {
      const signedIn = await requireSession(context, c);
      const { user } = signedIn;
      const row = await getOwnedCalendar(context.db, user.id, c.req.param('id'));
      const { password, ...input } = takeBankAccount(await readJsonBody(c, UpdateCalendarSchema));
      if (row.status === 'announced' || row.status === 'paid_out') {
        throw new AppError('calendar_closed', CLOSED_CALENDAR_MESSAGE, 409);
      }
      // Before anything is saved: a change that is not confirmed changes nothing.
      const owner = { kind: 'calendar', status: row.status, names: row } as const;
      const request = { headers: c.req.raw.headers, signedIn, password };
      const bankAccount = await authorizePayoutIbanChange(context, box, request, {
        owner,
        currentEncrypted: row.ibanEncrypted,
        iban: input.bankAccount,
      });
      if (input.coverImageId && !(await isOwnImage(context.db, user.id, input.coverImageId))) {
        throw new AppError('validation_failed', 'Some fields need your attention.', 400, {
          fields: { coverImageId: 'Please upload the photo again.' },
        });
      }
      const terms = readPayoutTermsAcceptance(c, context.env.TRUST_PROXY);
      const updated = await context.db.transaction(async (tx) => {
        const saved = await updateCalendar(tx, box, row, { ...input, bankAccount }, terms);
        if (bankAccount) {
          await enqueuePayoutIbanChangedMail(tx, context.env, {
            to: user,
            owner: { ...owner, names: saved },
            previousMasked: row.ibanMasked,
            newMasked: saved.ibanMasked ?? '',
            changedAt: saved.updatedAt,
            heldUntil: getPayoutHeldUntil(saved),
          });
          await enqueueJob(tx, PREPARE_PAYOUT_RECIPIENT_JOB, saved.id);
        }
        return saved;
      });
      if (bankAccount) {
        context.jobs.wake();
        context.wakeMailWorker();
      }
      context.publicCalendars.invalidate(row.id);
      return c.json(toOwnerCalendar(updated, await readerLocale(c, user.id)));
    })
    .post('/:id/pay', async (c) => {
      const { user } = await requireSession(context, c);
      const row = await getOwnedCalendar(context.db, user.id, c.req.param('id'));
      const input = await readJsonBody(c, PayRequestSchema);
      if (row.status !== 'draft') throw new AppError('already_paid', 'This calendar is already active.', 409);
      const missing: Record<string, string> = {};
      if (!row.dueDate) missing.dueDate = 'Please choose the expected birth date first.';
      if (!row.ibanEncrypted)
        missing.bankAccount = 'Please enter the bank account the gifts should be paid out to first.';
      if (Object.keys(missing).length > 0) {
        throw new AppError('calendar_incomplete', 'Please complete the earlier steps first.', 400, { fields: missing });
      }
      const ip = getClientIp(c, context.env.TRUST_PROXY);
      const source = describePaymentSource(context, {
        purpose: 'fee',
        calendarId: row.id,
        accountId: user.id,
        ip,
        method: input.method,
      });
      await guardPaymentAttempt(context, source, async () =>
        input.captchaValue ? context.captcha.verify(input.captchaValue, ip, input.idempotencyKey) : false,
      );
      const payment = await startFeePayment(context, {
        calendar: { id: row.id, lockForFee: (tx) => lockDraftForFee(tx, row.id) },
        idempotencyKey: input.idempotencyKey,
        method: input.method,
        clientKey: source.clientKey,
        accountId: user.id,
      });
      const current = await getOwnedCalendar(context.db, user.id, row.id);
      return c.json({ payment, calendar: toOwnerCalendar(current, await readerLocale(c, user.id)) });
    });
}

/** `POST /api/support`: 'Write to support' from a calendar card. */
export function createSupportRoutes(context: AppContext) {
  const perIp = limitByIp(
    context.limiters.create('support-per-ip', context.rateLimits.support),
    context.env.TRUST_PROXY,
  );
  return new Hono().post('/', perIp, async (c) => {
    const { user } = await requireSession(context, c);
    const { calendarId, message } = await readJsonBody(c, SupportRequestSchema);
    const calendar = calendarId ? await getOwnedCalendar(context.db, user.id, calendarId) : undefined;
    // Support reads English.
    const about = calendar ? `Calendar: ${getCalendarTitle(calendar, 'en')} (${calendar.id})` : 'No calendar';
    const appUrl = context.env.APP_URL;
    await enqueueMail(context.db, {
      to: SITE.supportEmail,
      ...(await createSupportRequestEmail({ appUrl, from: user, about, message })),
      headers: { 'Reply-To': user.email },
    });
    await enqueueMail(context.db, {
      to: user.email,
      ...(await createSupportReceivedEmail({
        appUrl,
        locale: await getAccountLocale(context.db, user.id),
        name: user.name,
        message,
      })),
    });
    context.wakeMailWorker();
    return c.json({ sent: true });
  });
}
