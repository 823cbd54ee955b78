import { getKeepsakeFileName } from '@firstday/common/keepsake';
import { type Locale, visitorLocale } from '@firstday/common/locales';
import { Hono } from 'hono';
import { getAccountLocale } from '../account/account-locale.ts';
import type { AppContext } from '../app-context.ts';
import { getReaderLocale } from '../auth/reader-locale.ts';
import { requireSession } from '../auth/require-session.ts';
import { getOwnedCalendar } from '../calendars/calendar-service.ts';
import { findPublicCalendarRow } from '../contributions/public-calendar.ts';
import { readImageVariant } from '../images/image-store.ts';
import { AppError } from '../lib/errors.ts';
import { type KeepsakeSource, loadKeepsake } from './load-keepsake.ts';
import { getKeepsakePaper, renderKeepsakePdf } from './render-keepsake-pdf.ts';

/** Wide enough for a printed page at the size the book draws photos. */
const PHOTO_WIDTH = 1280;

function notAnnounced(): AppError {
  return new AppError('not_announced', 'The keepsake book is ready once you have announced the birth.', 409);
}

/** `attachment` with an ASCII name for old clients and the exact one (RFC 6266 / 5987) for the rest. */
export function toAttachmentHeader(fileName: string): string {
  const ascii = fileName
    .normalize('NFKD')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/["\\]/g, '');
  return `attachment; filename="${ascii || 'keepsake.pdf'}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** The cover and baby photos as JPEG bytes; a photo that is gone is left out. */
async function readPhotos(context: AppContext, source: KeepsakeSource) {
  async function readPhoto(imageId: string | null) {
    if (!imageId) return undefined;
    const variant = await readImageVariant(context, imageId, { width: PHOTO_WIDTH, format: 'jpeg' });
    return variant?.bytes;
  }
  const [coverPhoto, babyPhoto] = await Promise.all([readPhoto(source.coverImageId), readPhoto(source.babyImageId)]);
  return { coverPhoto, babyPhoto };
}

/**
 * The owner's keepsake (docs/API.md), under `/api/calendars`: the book as JSON for the print page
 * and as a PDF download. Owner only (404 for others' ids), 409 before the announcement.
 */
export function createKeepsakeRoutes(context: AppContext) {
  async function loadOwned(userId: string, calendarId: string, locale: Locale): Promise<KeepsakeSource> {
    const calendar = await getOwnedCalendar(context.db, userId, calendarId);
    const source = await loadKeepsake(context.db, calendar, 'owner', locale);
    if (!source) throw notAnnounced();
    return source;
  }

  return new Hono()
    .get('/:id/keepsake', async (c) => {
      const { user } = await requireSession(context, c);
      const { book } = await loadOwned(
        user.id,
        c.req.param('id'),
        await getReaderLocale(context.db, user.id, c.req.raw.headers),
      );
      c.header('Cache-Control', 'private, no-store');
      return c.json(book);
    })
    .get('/:id/keepsake.pdf', async (c) => {
      const { user } = await requireSession(context, c);
      // In the owner's language, like the owner's e-mails.
      const locale = await getAccountLocale(context.db, user.id);
      const source = await loadOwned(user.id, c.req.param('id'), locale);
      const pdf = await renderKeepsakePdf(source.book, {
        ...(await readPhotos(context, source)),
        locale,
        paper: getKeepsakePaper(source.currency),
      });
      c.header('Content-Type', 'application/pdf');
      c.header('Content-Disposition', toAttachmentHeader(getKeepsakeFileName(source.book.title)));
      c.header('Cache-Control', 'private, no-store');
      return c.body(new Uint8Array(pdf));
    });
}

/** The public part, `GET /api/public/calendars/:slug/keepsake`: after an announcement only, names per the hide flag. */
export function createPublicKeepsakeRoutes(context: AppContext) {
  return new Hono().get('/calendars/:slug/keepsake', async (c) => {
    const book = await loadPublicKeepsake(context, c.req.param('slug'), visitorLocale(c.req.raw.headers));
    if (!book) throw AppError.notFound('There is no keepsake at this address.');
    c.header('Cache-Control', 'no-cache');
    return c.json(book);
  });
}

/** The public keepsake of a slug, or undefined (unknown, draft, not announced): also the web page's server rendering. */
export async function loadPublicKeepsake(context: Pick<AppContext, 'db'>, slug: string, locale: Locale) {
  const calendar = await findPublicCalendarRow(context.db, slug);
  if (!calendar) return undefined;
  return (await loadKeepsake(context.db, calendar, 'public', locale))?.book;
}
