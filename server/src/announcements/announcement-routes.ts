import { AnnounceRequestSchema, CloseCalendarRequestSchema } from '@firstday/common/announcements';
import { Hono } from 'hono';
import type { AppContext } from '../app-context.ts';
import { getReaderLocale } from '../auth/reader-locale.ts';
import { requireSession } from '../auth/require-session.ts';
import { getOwnedCalendar, toOwnerCalendar } from '../calendars/calendar-service.ts';
import { AppError } from '../lib/errors.ts';
import { readJsonBody } from '../lib/json-body.ts';
import { announceCalendar, closeCalendar } from './announcement-service.ts';
import { loadClosing } from './closing.ts';
import { closeWelcomeGifts } from './welcome-gifts.ts';

/** The end of a calendar (docs/API.md): owner only, 404 for others' ids like the other calendar routes. */
export function createAnnouncementRoutes(context: AppContext) {
  async function answer(ownerId: string, calendarId: string, headers: Headers) {
    const calendar = await getOwnedCalendar(context.db, ownerId, calendarId);
    return {
      calendar: toOwnerCalendar(calendar, await getReaderLocale(context.db, ownerId, headers)),
      closing: calendar.closing!,
    };
  }

  return (
    new Hono()
      .post('/:id/announce', async (c) => {
        const { user } = await requireSession(context, c);
        const calendar = await getOwnedCalendar(context.db, user.id, c.req.param('id'));
        const input = await readJsonBody(c, AnnounceRequestSchema);
        await announceCalendar(context, calendar, input);
        return c.json(await answer(user.id, calendar.id, c.req.raw.headers));
      })
      .post('/:id/close', async (c) => {
        const { user } = await requireSession(context, c);
        const calendar = await getOwnedCalendar(context.db, user.id, c.req.param('id'));
        const input = await readJsonBody(c, CloseCalendarRequestSchema);
        await closeCalendar(context, calendar, input);
        return c.json(await answer(user.id, calendar.id, c.req.raw.headers));
      })
      // 'Pay out now': the parents end their welcome gifts early (decision 026); a repeat is a no-op.
      .post('/:id/welcome-gifts/close', async (c) => {
        const { user } = await requireSession(context, c);
        const calendar = await getOwnedCalendar(context.db, user.id, c.req.param('id'));
        const closing = await loadClosing(context.db, calendar.id);
        if (!closing?.welcomeGifts) {
          throw new AppError('not_announced', 'This calendar does not take welcome gifts.', 409);
        }
        await closeWelcomeGifts(context, calendar.id);
        return c.json(await answer(user.id, calendar.id, c.req.raw.headers));
      })
      .get('/:id/closing', async (c) => {
        const { user } = await requireSession(context, c);
        const calendar = await getOwnedCalendar(context.db, user.id, c.req.param('id'));
        const closing = await loadClosing(context.db, calendar.id);
        if (!closing) throw AppError.notFound('This calendar has not been announced or closed.');
        return c.json(closing);
      })
  );
}
