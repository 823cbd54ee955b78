import { WishFilterSchema, type WishPageView } from '@firstday/common/contributions';
import { isUuid } from '@firstday/common/uuid';
import { type Context, Hono } from 'hono';
import type { AppContext } from '../app-context.ts';
import { getReaderLocale } from '../auth/reader-locale.ts';
import { requireSession } from '../auth/require-session.ts';
import { getOwnedCalendar } from '../calendars/calendar-service.ts';
import { AppError } from '../lib/errors.ts';
import { findPublicCalendarRow, readWishesCursor } from './public-calendar.ts';
import { countHiddenWishes, hideWish, removeWish, showWish } from './wish-moderation.ts';
import {
  countUnreadWishes,
  exportWishesCsv,
  listOwnerWishes,
  markAllWishesRead,
  markWishRead,
} from './wishes-service.ts';

/** `/api/wishes`: the creator's wishes across their calendars. Someone else's calendar or wish answers 404. */
export function createWishRoutes(context: AppContext) {
  /** The optional `calendarId` filter, checked to be the caller's own (404 otherwise). */
  async function readCalendarFilter(ownerId: string, calendarId: string | undefined) {
    if (!calendarId) return undefined;
    return (await getOwnedCalendar(context.db, ownerId, calendarId)).id;
  }

  /** The optional `show` filter: all wishes (the default), the unread ones or those with a gift. */
  function readWishFilter(show: string | undefined) {
    const parsed = WishFilterSchema.safeParse(show ?? 'all');
    if (!parsed.success) throw AppError.validation(parsed.error);
    return parsed.data;
  }

  function wishNotFound(): AppError {
    return AppError.notFound('There is no wish at this address.');
  }

  /** Runs one moderation step on the caller's wish, 404 for anyone else's, and refreshes the public page. */
  async function moderateWish(
    c: Context,
    step: (db: AppContext['db'], ownerId: string, id: string) => Promise<string | undefined>,
  ) {
    const { user } = await requireSession(context, c);
    const id = c.req.param('id') ?? '';
    const calendarId = isUuid(id) ? await step(context.db, user.id, id.toLowerCase()) : undefined;
    if (!calendarId) throw wishNotFound();
    context.publicCalendars.invalidate(calendarId);
  }

  return (
    new Hono()
      /**
       * Whether the visitor of a guest page is its owner, asked by the page after it has loaded: 200
       * for everyone (a guest's page must log no error), so it tells a stranger nothing beyond `false`.
       */
      .get('/page-view', async (c) => {
        c.header('Cache-Control', 'private, no-store');
        const slug = c.req.query('slug') ?? '';
        const notOwner: WishPageView = { owner: false };
        if (!c.req.header('cookie')) return c.json(notOwner);
        const session = await context.auth.api.getSession({ headers: c.req.raw.headers });
        if (!session) return c.json(notOwner);
        const calendar = await findPublicCalendarRow(context.db, slug);
        if (!calendar || calendar.ownerId !== session.user.id) return c.json(notOwner);
        const view: WishPageView = {
          owner: true,
          calendarId: calendar.id,
          hiddenWishes: await countHiddenWishes(context.db, calendar.id),
        };
        return c.json(view);
      })
      .get('/', async (c) => {
        const { user } = await requireSession(context, c);
        const calendarId = await readCalendarFilter(user.id, c.req.query('calendarId'));
        const cursor = readWishesCursor(c.req.query('cursor'));
        const [page, unread] = await Promise.all([
          listOwnerWishes(context.db, user.id, {
            calendarId,
            show: readWishFilter(c.req.query('show')),
            cursor,
            locale: await getReaderLocale(context.db, user.id, c.req.raw.headers),
          }),
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
        const csv = await exportWishesCsv(context.db, user.id, {
          calendarId,
          locale: await getReaderLocale(context.db, user.id, c.req.raw.headers),
        });
        c.header('Content-Type', 'text/csv; charset=UTF-8');
        c.header('Content-Disposition', 'attachment; filename="firstday-wishes.csv"');
        c.header('Cache-Control', 'no-store');
        return c.body(csv);
      })
      /** Every unread wish read, of all the caller's calendars or of one (`?calendarId=`); again, nothing changes. */
      .post('/read-all', async (c) => {
        const { user } = await requireSession(context, c);
        const calendarId = await readCalendarFilter(user.id, c.req.query('calendarId'));
        return c.json({ marked: await markAllWishesRead(context.db, user.id, calendarId) });
      })
      .post('/:id/read', async (c) => {
        const { user } = await requireSession(context, c);
        const id = c.req.param('id');
        if (!isUuid(id) || !(await markWishRead(context.db, user.id, id))) throw wishNotFound();
        return c.json({ read: true });
      })
      .post('/:id/hide', async (c) => {
        await moderateWish(c, hideWish);
        return c.json({ hidden: true });
      })
      .post('/:id/show', async (c) => {
        await moderateWish(c, showWish);
        return c.json({ hidden: false });
      })
      .delete('/:id', async (c) => {
        await moderateWish(c, removeWish);
        return c.json({ removed: true });
      })
  );
}
