import type { PublicCalendar } from '@firstday/common/contributions';
import { MARKETING_PATHS } from '@firstday/common/site';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { requestId } from 'hono/request-id';
import { routePath } from 'hono/route';
import { createAccountRoutes, createUserRoutes } from './account/account-routes.ts';
import { createAnnouncementRoutes } from './announcements/announcement-routes.ts';
import type { AppContext } from './app-context.ts';
import { createAuthRoutes } from './auth/auth-routes.ts';
import { createCalendarRoutes, createSupportRoutes } from './calendars/calendar-routes.ts';
import { createCaptchaRoutes } from './captcha/captcha-routes.ts';
import { createConfigRoutes } from './config-routes.ts';
import { loadPublicCalendar } from './contributions/public-calendar.ts';
import { createPublicRoutes } from './contributions/public-routes.ts';
import { createWishRoutes } from './contributions/wish-routes.ts';
import { createDevMailApi, createDevMailPage } from './dev/dev-mail-routes.ts';
import { createHealthRoutes, createMetricsRoute } from './health-routes.ts';
import { createImageServingRoutes, createImageUploadRoutes, IMAGE_UPLOAD_PATH } from './images/image-routes.ts';
import { createKeepsakeRoutes, createPublicKeepsakeRoutes, loadPublicKeepsake } from './keepsake/keepsake-routes.ts';
import { AppError, toErrorBody } from './lib/errors.ts';
import { createUnsubscribedPage, createUnsubscribeRoutes } from './lib/mail/suppression.ts';
import { createRenderedPageCache } from './lib/rendered-page-cache.ts';
import { securityHeaders } from './lib/security-headers.ts';
import { refuseForbiddenText } from './lib/text-input.ts';
import { requireTrustedOrigin } from './lib/trusted-origin.ts';
import { mountWebBuild, type WebBuild } from './lib/web-static.ts';
import { createSeoRoutes } from './marketing/seo-routes.ts';
import { createNewsletterRoutes } from './newsletter/newsletter-routes.ts';
import { createPaymentWebhookRoutes } from './payments/webhook-routes.ts';
import { createPayoutReadinessRoutes, createSandboxOnboardingRoutes } from './payouts/payout-routes.ts';
import { createThankYouRoutes } from './thank-yous/thank-you-routes.ts';

const API_BODY_LIMIT_BYTES = 64 * 1024;

/** What of a page request goes along to the API read for it in process: who asks, in what language. */
function pickVisitorHeaders(headers: Headers): Headers {
  const picked = new Headers();
  for (const name of ['cookie', 'accept-language']) {
    const value = headers.get(name);
    if (value !== null) picked.set(name, value);
  }
  return picked;
}

/** The whole HTTP surface: API under /api, dev mailbox when the catcher runs, then the web build. */
export function createApp(context: AppContext, web?: WebBuild) {
  const app = new Hono();

  app.use(requestId());
  app.use(async (c, next) => {
    const started = performance.now();
    await next();
    const ms = performance.now() - started;
    context.logger.info(
      {
        requestId: c.get('requestId'),
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round(ms),
      },
      'request',
    );
    // The pattern of the route that answered ('/api/public/calendars/:slug'), so the series stay few.
    context.metrics.observeRequest({
      method: c.req.method,
      route: routePath(c),
      status: c.res.status,
      seconds: ms / 1000,
    });
  });
  app.use(securityHeaders({ trustProxy: context.env.TRUST_PROXY }));
  const apiBodyLimit = bodyLimit({
    maxSize: API_BODY_LIMIT_BYTES,
    onError: () => {
      throw new AppError('payload_too_large', 'The request body is too large.', 413);
    },
  });
  // Photo uploads have their own, larger limit (images/image-routes.ts).
  app.use('/api/*', (c, next) => (c.req.path === IMAGE_UPLOAD_PATH ? next() : apiBodyLimit(c, next)));

  // An API answer may carry personal data: no browser or proxy keeps it, unless its route says so.
  app.use('/api/*', async (c, next) => {
    await next();
    if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store');
  });
  app.use('/api/*', requireTrustedOrigin([context.env.APP_URL, ...context.env.AUTH_EXTRA_ORIGINS]));
  app.use('/api/*', refuseForbiddenText({ skipBodyFor: (path) => path.startsWith('/api/payments/webhooks/') }));

  app.route('/api', createHealthRoutes(context));
  app.route('/api/emails', createNewsletterRoutes(context));
  app.route('/api/captcha', createCaptchaRoutes(context));
  app.route('/api/users', createUserRoutes(context));
  app.route('/api/account', createAccountRoutes(context));
  app.route('/api/config', createConfigRoutes(context));
  // Signed server-to-server events: no Origin header, so the origin check above lets them pass.
  app.route('/api/payments/webhooks', createPaymentWebhookRoutes(context));
  app.route('/api/calendars', createAnnouncementRoutes(context));
  app.route('/api/calendars', createThankYouRoutes(context));
  app.route('/api/calendars', createKeepsakeRoutes(context));
  app.route('/api/calendars', createPayoutReadinessRoutes(context));
  app.route('/api/payouts', createSandboxOnboardingRoutes(context));
  app.route('/api/calendars', createCalendarRoutes(context));
  app.route('/api/mail', createUnsubscribeRoutes(context));
  app.route('/mail', createUnsubscribedPage());
  app.route('/api/support', createSupportRoutes(context));
  app.route('/api/public', createPublicRoutes(context));
  app.route('/api/public', createPublicKeepsakeRoutes(context));
  app.route('/api/wishes', createWishRoutes(context));
  app.route('/api/auth', createAuthRoutes(context));
  app.route(IMAGE_UPLOAD_PATH, createImageUploadRoutes(context));
  if (context.mailCatcher) {
    app.route('/api/dev/mail', createDevMailApi(context.mailCatcher));
    app.route('/dev/mail', createDevMailPage(context.mailCatcher));
  }
  app.all('/api/*', () => {
    throw new AppError('not_found', 'There is no API endpoint at this address.', 404);
  });

  app.route('/metrics', createMetricsRoute(context));
  app.route('/images', createImageServingRoutes(context));
  app.route('/', createSeoRoutes(context.env.APP_URL, web?.publicPaths ?? MARKETING_PATHS));
  if (web) {
    mountWebBuild(
      app,
      web,
      {
        appUrl: context.env.APP_URL,
        async getPublicCalendar(slug, locale) {
          const page = await loadPublicCalendar(context, slug, { locale });
          return page && (JSON.parse(page.body) as PublicCalendar);
        },
        getPublicKeepsake: (slug, locale) => loadPublicKeepsake(context, slug, locale),
        // The signed-in pages' loaders (decision 036): the same answer the browser would get.
        readApi: async (path, request) => app.request(path, { headers: pickVisitorHeaders(request.headers) }),
      },
      // The guest page's HTML, cached per calendar and language for this server (decision 033).
      {
        cache: createRenderedPageCache(),
        loadCalendar: (slug, locale) => loadPublicCalendar(context, slug, { locale }),
      },
    );
  }

  app.onError((error, c) => {
    if (error instanceof AppError) {
      for (const [name, value] of Object.entries(error.headers ?? {})) c.header(name, value);
      return c.json(toErrorBody(error), error.status);
    }
    if (error instanceof HTTPException && error.status < 500) {
      return c.json(toErrorBody({ code: 'bad_request', message: error.message || 'Bad request.' }), error.status);
    }
    context.logger.error({ requestId: c.get('requestId'), err: error }, 'unhandled error');
    return c.json(
      toErrorBody({ code: 'internal_error', message: 'Something went wrong on our side. Please try again.' }),
      500,
    );
  });
  app.notFound((c) => c.json(toErrorBody({ code: 'not_found', message: 'Not found.' }), 404));

  return app;
}
