import {
  type PayoutOnboardingLink,
  type PayoutReadiness,
  type SandboxOnboardingResult,
  SandboxOnboardingSchema,
} from '@firstday/common/payouts';
import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import type { AppContext } from '../app-context.ts';
import { requireSession } from '../auth/require-session.ts';
import { getOwnedCalendar } from '../calendars/calendar-service.ts';
import { calendars } from '../calendars/schema.ts';
import { AppError } from '../lib/errors.ts';
import { readJsonBody } from '../lib/json-body.ts';
import { ensurePayoutRecipient } from '../payments/payout-recipients.ts';
import { refreshPayoutRecipient } from '../payments/payouts.ts';
import { buildPayoutReadiness, getIdentityState, loadPayoutReadiness } from './payout-readiness.ts';

/**
 * `/api/calendars/:id/payout-readiness` and `/payout-onboarding`: the owner's checklist before the
 * gifts can be paid out, and the way to the provider's identity check (decision 008, amendment).
 */
export function createPayoutReadinessRoutes(context: AppContext) {
  return new Hono()
    .get('/:id/payout-readiness', async (c) => {
      const { user } = await requireSession(context, c);
      let calendar = await getOwnedCalendar(context.db, user.id, c.req.param('id'));
      // Back from the provider's page: its answer may not have arrived as an event yet, so ask it.
      if (c.req.query('refresh') === 'true' && calendar.payoutRecipientRef) {
        const before = buildPayoutReadiness(calendar, undefined);
        if (!before.ready) {
          try {
            calendar = { ...calendar, ...(await refreshPayoutRecipient(context, calendar.payoutRecipientRef)) };
          } catch (error) {
            context.logger.warn({ calendarId: calendar.id, err: (error as Error).message }, 'recipient re-read failed');
          }
        }
      }
      return c.json((await loadPayoutReadiness(context.db, calendar)) satisfies PayoutReadiness);
    })
    .post('/:id/payout-onboarding', async (c) => {
      const { user } = await requireSession(context, c);
      const calendar = await getOwnedCalendar(context.db, user.id, c.req.param('id'));
      if (calendar.status === 'draft') {
        throw new AppError('calendar_not_active', 'Please pay the fee first: the identity check comes after it.', 409);
      }
      if (!calendar.ibanEncrypted) {
        throw new AppError('calendar_incomplete', 'Please add the bank account gifts are paid out to first.', 409);
      }
      const base = `${context.env.APP_URL}/my_calendars/${calendar.id}`;
      try {
        // Normally made after the fee; made here if that background attempt has not succeeded yet.
        const recipient = calendar.payoutRecipientRef ?? (await ensurePayoutRecipient(context, calendar));
        const link = await context.payments.createOnboardingLink({
          recipient,
          refreshUrl: `${base}?onboarding=refresh`,
          returnUrl: `${base}?onboarding=return`,
        });
        return c.json({ url: link.url } satisfies PayoutOnboardingLink);
      } catch (error) {
        context.logger.warn({ calendarId: calendar.id, err: (error as Error).message }, 'onboarding link failed');
        throw new AppError(
          'payment_unavailable',
          'The identity check cannot be opened right now. Please try again in a few minutes.',
          503,
        );
      }
    });
}

/**
 * `POST /api/payouts/sandbox-onboarding`: the sandbox's stand-in for Stripe's hosted onboarding
 * (web: /sandbox_onboarding), taking Stripe's test values. Only with the sandbox provider; only for
 * the signed-in owner of the calendar that pays out to the account.
 */
export function createSandboxOnboardingRoutes(context: AppContext) {
  return new Hono().post('/sandbox-onboarding', async (c) => {
    const submit = context.payments.submitSandboxOnboarding?.bind(context.payments);
    if (!submit) throw AppError.notFound('The sandbox is not enabled here.');
    const { user } = await requireSession(context, c);
    const request = await readJsonBody(c, SandboxOnboardingSchema);
    const [owned] = await context.db
      .select({ id: calendars.id })
      .from(calendars)
      .where(and(eq(calendars.payoutRecipientRef, request.account), eq(calendars.ownerId, user.id)));
    if (!owned) throw AppError.notFound('There is no identity check at this address.');
    await submit(request);
    // As the `account.updated` event would (it follows too): recorded, and a waiting payout goes out.
    const calendar = await refreshPayoutRecipient(context, request.account);
    if (!calendar) throw AppError.notFound('There is no identity check at this address.');
    const readiness = buildPayoutReadiness(calendar, undefined);
    return c.json({ identity: getIdentityState(calendar), needs: readiness.needs } satisfies SandboxOnboardingResult);
  });
}
