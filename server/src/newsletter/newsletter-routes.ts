import { localeFromCookie, localizedPath, visitorLocale } from '@firstday/common/locales';
import { SubscribeRequestSchema, type SubscribeResponse } from '@firstday/common/newsletter';
import { type Context, Hono } from 'hono';
import type { AppContext } from '../app-context.ts';
import { toErrorBody } from '../lib/errors.ts';
import { readJsonBody } from '../lib/json-body.ts';
import { limitByIp } from '../lib/rate-limit.ts';
import { confirmSubscription, subscribe, unsubscribe } from './newsletter-service.ts';

/** '/join_us' (where the outcome is shown) in the clicking browser's language: its choice, else Accept-Language. */
function joinUsPage(c: Context, query: string): string {
  return `${localizedPath('/join_us', visitorLocale(c.req.raw.headers))}?${query}`;
}

export function createNewsletterRoutes(context: AppContext) {
  const links = { db: context.db, appUrl: context.env.APP_URL, secrets: context.env.APP_SECRETS };
  const subscribesPerIp = context.limiters.create('newsletter-subscribe-per-ip', context.rateLimits.subscribe);
  return new Hono()
    .post('/subscribe', limitByIp(subscribesPerIp, context.env.TRUST_PROXY), async (c) => {
      const { email } = await readJsonBody(c, SubscribeRequestSchema);
      // The confirmation in the language the visitor chose on the site (the cookie), else English.
      await subscribe(links, email, localeFromCookie(c.req.header('cookie')));
      context.wakeMailWorker();
      return c.json({ subscribed: true } satisfies SubscribeResponse);
    })
    .get('/confirm', async (c) => {
      const confirmed = await confirmSubscription(links, c.req.query('token') ?? '');
      return c.redirect(joinUsPage(c, confirmed ? 'confirmed=1' : 'link=invalid'), 303);
    })
    .get('/unsubscribe', async (c) => {
      const done = await unsubscribe(links, c.req.query('token') ?? '');
      return c.redirect(joinUsPage(c, done ? 'unsubscribed=1' : 'link=invalid'), 303);
    })
    .post('/unsubscribe', async (c) => {
      // RFC 8058 one-click unsubscribe from the mail client.
      const done = await unsubscribe(links, c.req.query('token') ?? '');
      return done
        ? c.body(null, 204)
        : c.json(toErrorBody({ code: 'invalid_link', message: 'This link is not valid.' }), 400);
    });
}
