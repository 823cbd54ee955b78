import { ContributionRequestSchema, UpdateOwnContributionSchema } from '@firstday/common/contributions';
import { isLocale, type Locale, visitorLocale } from '@firstday/common/locales';
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { announcements } from '../announcements/schema.ts';
import type { AppContext } from '../app-context.ts';
import { getCalendarTitle } from '../calendars/calendar-title.ts';
import { readImageVariant } from '../images/image-store.ts';
import { getClientIp } from '../lib/client-ip.ts';
import { AppError } from '../lib/errors.ts';
import { readJsonBody } from '../lib/json-body.ts';
import { describePaymentSource, guardPaymentAttempt } from '../payments/payment-guard.ts';
import {
  answerExistingContribution,
  checkContribution,
  createContribution,
  findCalendarForContribution,
  findContributionByKey,
} from './contribution-service.ts';
import { createOgImageCache, loadPngRenderer, type OgPhoto, renderOgSvg } from './og-image.ts';
import {
  deleteOwnContribution,
  getOwnContribution,
  toOwnContribution,
  updateOwnContribution,
} from './own-contribution.ts';
import { findPublicCalendarRow, loadPublicCalendar, readWishesCursor } from './public-calendar.ts';

const OG_CACHE_SECONDS = 3600;

function calendarNotFound(): AppError {
  return AppError.notFound('There is no calendar at this address.');
}

/** `/api/public`: the shared calendar, for anyone with its link (no account). */
export function createPublicRoutes(context: AppContext) {
  const trustProxy = context.env.TRUST_PROXY;
  const perCalendar = context.limiters.create(
    'contributions-per-calendar',
    context.rateLimits.contributionsPerCalendar,
  );
  const perIpLimiter = context.limiters.create('contributions-per-ip', context.rateLimits.contributionsPerIp);
  const ogImages = createOgImageCache();

  /** The announced birth of an announced or paid-out calendar; null before it and after a close without one. */
  async function findAnnouncedBirth(calendar: { id: string; status: string }) {
    if (calendar.status !== 'announced' && calendar.status !== 'paid_out') return null;
    const [row] = await context.db
      .select({
        kind: announcements.kind,
        birthDate: announcements.birthDate,
        babyName: announcements.babyName,
        babyImageId: announcements.babyImageId,
      })
      .from(announcements)
      .where(eq(announcements.calendarId, calendar.id));
    if (row?.kind !== 'announcement' || !row.birthDate) return null;
    return { birthDate: row.birthDate, babyName: row.babyName, babyImageId: row.babyImageId };
  }

  /** The preview's language: the page that links it adds `?lang=` for German and Russian. */
  function readOgLocale(lang: string | undefined): Locale {
    return isLocale(lang) ? lang : 'en';
  }

  async function loadOgCalendar(slug: string, locale: Locale) {
    const calendar = await findPublicCalendarRow(context.db, slug);
    if (!calendar?.dueDate) throw calendarNotFound();
    const announcement = await findAnnouncedBirth(calendar);
    const view = {
      title: getCalendarTitle(calendar, locale),
      dueDate: calendar.dueDate,
      background: calendar.background,
      born: announcement && { babyName: announcement.babyName, birthDate: announcement.birthDate },
    };
    // After the birth the bump photo is old news: the baby's photo, or none.
    const coverImageId = announcement ? announcement.babyImageId : calendar.coverImageId;
    return {
      view,
      key: JSON.stringify({ ...view, coverImageId, locale }),
      /** The cover (or after the birth the baby's) photo at the width it is drawn (440 px), or null. */
      async loadPhoto(): Promise<OgPhoto | null> {
        if (!coverImageId) return null;
        const variant = await readImageVariant(context, coverImageId, { width: 640, format: 'jpeg' });
        return variant && { jpeg: variant.bytes, width: variant.width, height: variant.height };
      },
    };
  }

  return new Hono()
    .get('/calendars/:slug', async (c) => {
      const slug = c.req.param('slug');
      const cursor = readWishesCursor(c.req.query('cursor'));
      const page = await loadPublicCalendar(context, slug, { cursor, locale: visitorLocale(c.req.raw.headers) });
      if (!page) throw calendarNotFound();
      c.header('Cache-Control', 'no-cache');
      c.header('Content-Type', 'application/json; charset=UTF-8');
      return c.body(page.body);
    })
    .get('/calendars/:slug/og.png', async (c) => {
      const locale = readOgLocale(c.req.query('lang'));
      const { view, key, loadPhoto } = await loadOgCalendar(c.req.param('slug'), locale);
      let png = ogImages.get(key);
      if (!png) {
        const render = await loadPngRenderer();
        if (!render) throw new AppError('image_unavailable', 'The preview image is not available here.', 503);
        png = render(renderOgSvg(view, await loadPhoto(), locale));
        ogImages.set(key, png);
      }
      c.header('Content-Type', 'image/png');
      c.header('Cache-Control', `public, max-age=${OG_CACHE_SECONDS}`);
      return c.body(new Uint8Array(png));
    })
    .get('/calendars/:slug/og.svg', async (c) => {
      const locale = readOgLocale(c.req.query('lang'));
      const { view, loadPhoto } = await loadOgCalendar(c.req.param('slug'), locale);
      c.header('Content-Type', 'image/svg+xml; charset=UTF-8');
      c.header('Cache-Control', `public, max-age=${OG_CACHE_SECONDS}`);
      return c.body(renderOgSvg(view, await loadPhoto(), locale));
    })
    .post('/calendars/:slug/contributions', async (c) => {
      const ip = getClientIp(c, trustProxy);
      // With the database store both limits are counted in the contribution's own write (one
      // statement, decision 032), after validation and the captcha; with Redis, per address first.
      const countInWrite = context.limiters.inDatabase;
      if (!countInWrite) await perIpLimiter.hit(ip);
      const slug = c.req.param('slug');
      const input = await readJsonBody(c, ContributionRequestSchema);
      const found = await findCalendarForContribution(context.db, slug);
      if (!found?.calendar.dueDate) throw calendarNotFound();
      const { calendar } = found;
      // A welcome gift after the birth is checked against the parents' window for them (decision 026).
      const welcomeWindow = calendar.status === 'active' ? undefined : found.welcomeWindow;
      checkContribution(context, calendar, input, new Date(), welcomeWindow);
      let clientKey: string | undefined;
      try {
        // A double click or a retry sends the same key and captcha payload: the captcha lets that
        // twin through, and the contribution's write finds the first one by its key.
        if (!(await context.captcha.verify(input.captchaValue, ip, input.idempotencyKey))) {
          throw new AppError('captcha_failed', 'Please wait a moment and send again.', 400, {
            fields: { captchaValue: 'Please wait a moment and send again.' },
          });
        }
        if (input.giftAmount != null && input.payment) {
          const source = describePaymentSource(context, {
            purpose: 'gift',
            calendarId: calendar.id,
            ip,
            method: input.payment,
          });
          // The gift form's captcha was solved above: the gift rules only pause (decision 022).
          await guardPaymentAttempt(context, source, async () => true);
          clientKey = source.clientKey;
        }
        // Only requests that passed validation and the captcha count against the calendar, so a
        // stranger's junk cannot lock friends out; a declined gift gives its place back (gift-payments.ts).
        if (!countInWrite) await perCalendar.hit(calendar.id);
        const hits = countInWrite
          ? [
              { limiter: perIpLimiter, key: ip },
              { limiter: perCalendar, key: calendar.id },
            ]
          : [];
        return c.json(await createContribution(context, calendar, input, { clientKey, hits }), 201);
      } catch (error) {
        // A retry of a submission already recorded (its captcha since expired, its sender paused
        // or limited meanwhile) gets its first answer: looked up only when refused.
        const refused =
          error instanceof AppError && ['captcha_failed', 'payments_paused', 'rate_limited'].includes(error.code);
        const existing = refused ? await findContributionByKey(context, input.idempotencyKey) : undefined;
        if (!existing) throw error;
        return c.json(await answerExistingContribution(context, calendar, existing, input.payment), 201);
      }
    })
    .get('/contributions/:id', async (c) => {
      const found = await getOwnContribution(context, c.req.param('id'), c.req.query('token'));
      c.header('Cache-Control', 'no-store');
      return c.json(toOwnContribution(found, visitorLocale(c.req.raw.headers)));
    })
    .patch('/contributions/:id', async (c) => {
      const found = await getOwnContribution(context, c.req.param('id'), c.req.query('token'));
      const input = await readJsonBody(c, UpdateOwnContributionSchema);
      c.header('Cache-Control', 'no-store');
      return c.json(await updateOwnContribution(context, found, input, visitorLocale(c.req.raw.headers)));
    })
    .delete('/contributions/:id', async (c) => {
      const found = await getOwnContribution(context, c.req.param('id'), c.req.query('token'));
      await deleteOwnContribution(context, found);
      c.header('Cache-Control', 'no-store');
      return c.body(null, 204);
    });
}
