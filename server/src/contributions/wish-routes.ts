import { Hono } from 'hono';
import type { AppContext } from '../app-context.ts';
import { requireSession } from '../auth/require-session.ts';
import { getOwnedCalendar } from '../calendars/calendar-service.ts';
import { AppError } from '../lib/errors.ts';
import { readWishesCursor } from './public-calendar.ts';
import { countUnreadWishes, exportWishesCsv, listOwnerWishes, markWishRead } from './wishes-service.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `/api/wishes`: the creator's wishes across their calendars. Someone else's calendar or wish answers 404. */
export function createWishRoutes(context: AppContext) {
  /** The optional `calendarId` filter, checked to be the caller's own (404 otherwise). */
  async function readCalendarFilter(ownerId: string, calendarId: string | undefined) {
    if (!calendarId) return undefined;
    return (await getOwnedCalendar(context.db, ownerId, calendarId)).id;
  }

  return new Hono()
    .get('/', async (c) => {
      const { user } = await requireSession(context, c);
      const calendarId = await readCalendarFilter(user.id, c.req.query('calendarId'));
      const cursor = readWishesCursor(c.req.query('cursor'));
      const [page, unread] = await Promise.all([
        listOwnerWishes(context.db, user.id, { calendarId, cursor }),
        countUnreadWishes(context.db, user.id, calendarId),
      ]);
      c.header('Cache-Control', 'no-store');
      return c.json({ ...page, unread });
    })
    .get('/unread-count', async (c) => {
      const { user } = await requireSession(context, c);
      c.header('Cache-Control', 'no-store');
      return c.json({ unread: await countUnreadWishes(context.db, user.id) });
    })
    .get('/export.csv', async (c) => {
      const { user } = await requireSession(context, c);
      const calendarId = await readCalendarFilter(user.id, c.req.query('calendarId'));
      const csv = await exportWishesCsv(context.db, user.id, calendarId);
      c.header('Content-Type', 'text/csv; charset=UTF-8');
      c.header('Content-Disposition', 'attachment; filename="firstday-wishes.csv"');
      c.header('Cache-Control', 'no-store');
      return c.body(csv);
    })
    .post('/:id/read', async (c) => {
      const { user } = await requireSession(context, c);
      const id = c.req.param('id');
      if (!UUID.test(id) || !(await markWishRead(context.db, user.id, id))) {
        throw AppError.notFound('There is no wish at this address.');
      }
      return c.json({ read: true });
    });
}
