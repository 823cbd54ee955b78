import { ThankYouRequestSchema, type ThankYouSendResult } from '@firstday/common/thank-yous';
import { Hono } from 'hono';
import { findAnnouncement } from '../announcements/announcement-service.ts';
import type { AppContext } from '../app-context.ts';
import { requireSession } from '../auth/require-session.ts';
import { getOwnedCalendar } from '../calendars/calendar-service.ts';
import { readJsonBody } from '../lib/json-body.ts';
import { listThankYous } from './list-thank-yous.ts';
import { sendThankYou } from './send-thank-you.ts';
import { thankEveryone } from './thank-everyone.ts';

/**
 * `/api/calendars/:id/thank-yous` (docs/API.md): the owner's thank-you notes. Owner only, 404 for
 * others' ids like the other calendar routes; sending is rate limited per account.
 */
export function createThankYouRoutes(context: AppContext) {
  const limiter = context.limiters.create('thank-you-notes-per-account', context.rateLimits.thankYouNotes);

  async function answer(calendarId: string, sent: number): Promise<ThankYouSendResult> {
    const list = await listThankYous(context.db, calendarId, await findAnnouncement(context.db, calendarId));
    return { sent, list };
  }

  return new Hono()
    .get('/:id/thank-yous', async (c) => {
      const { user } = await requireSession(context, c);
      const calendar = await getOwnedCalendar(context.db, user.id, c.req.param('id'));
      return c.json(await listThankYous(context.db, calendar.id, await findAnnouncement(context.db, calendar.id)));
    })
    .post('/:id/thank-yous', async (c) => {
      const { user } = await requireSession(context, c);
      const calendar = await getOwnedCalendar(context.db, user.id, c.req.param('id'));
      await limiter.hit(user.id);
      const { message } = await readJsonBody(c, ThankYouRequestSchema);
      const sent = await thankEveryone(context, calendar, message);
      return c.json(await answer(calendar.id, sent));
    })
    .post('/:id/thank-yous/:contributionId', async (c) => {
      const { user } = await requireSession(context, c);
      const calendar = await getOwnedCalendar(context.db, user.id, c.req.param('id'));
      await limiter.hit(user.id);
      const { message } = await readJsonBody(c, ThankYouRequestSchema);
      const sent = await sendThankYou(context, calendar, c.req.param('contributionId'), message);
      return c.json(await answer(calendar.id, sent));
    });
}
