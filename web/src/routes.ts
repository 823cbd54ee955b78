import { DEFAULT_LOCALE, LOCALES } from '@firstday/common/locales';
import { index, layout, prefix, type RouteConfig, route } from '@react-router/dev/routes';

/** The marketing pages and articles, in every language: `/faq` in English, `/de/faq` in German (decision 020). */
const localizedMarketingRoutes = LOCALES.flatMap((locale) => {
  const routes = [
    index('marketing/landing-page.tsx', { id: `${locale}/landing` }),
    route('green', 'marketing/green-page.tsx', { id: `${locale}/green` }),
    route('join_us', 'marketing/join-us-page.tsx', { id: `${locale}/join_us` }),
    route('faq', 'marketing/faq-page.tsx', { id: `${locale}/faq` }),
    route('terms', 'marketing/terms-page.tsx', { id: `${locale}/terms` }),
    route('privacy', 'marketing/privacy-page.tsx', { id: `${locale}/privacy` }),
    route('articles', 'investments/articles-page.tsx', { id: `${locale}/articles` }),
    route('articles/:slug', 'investments/article-page.tsx', { id: `${locale}/article` }),
  ];
  return locale === DEFAULT_LOCALE ? routes : prefix(locale, routes);
});

export default [
  // Public, prerendered (react-router.config.ts).
  ...localizedMarketingRoutes,

  // The shared calendar: public, no account, outside the shell, rendered on the server.
  route('c/:slug', 'contributions/public-calendar-page.tsx'),
  route('c/:slug/keepsake', 'keepsake/public-keepsake-page.tsx'),

  // Sign-in and sign-up, rendered on the server like the guest page (decision 035): their forms
  // paint with the first HTML; the session is read in the browser, which goes on when signed in.
  route('login', 'auth/login-page.tsx'),
  route('signup', 'auth/signup-page.tsx'),

  // The signed-in area: the shell is rendered on the server with the session read there, and a
  // signed-out visitor is sent to /login and back (decision 036).
  layout('shell/signed-in-layout.tsx', [
    route('my_calendars', 'calendars/my-calendars-page.tsx'),
    route('create_calendar', 'calendars/create-calendar-page.tsx'),
    route('wishes', 'contributions/wishes-page.tsx'),
    route('settings', 'account/settings-page.tsx'),
    route('my_calendars/calendar_info', 'calendars/calendar-info-page.tsx'),
    route('my_calendars/:calendarId', 'calendars/calendar-info-page.tsx', { id: 'calendar-info-by-id' }),

    // Rendered in the browser inside the shell (the server sends a placeholder where the page goes).
    layout('shell/signed-in-client-rendered.tsx', [
      route('my_calendars/:calendarId/thank_yous', 'thank-yous/thank-yous-page.tsx'),
      route('my_calendars/:calendarId/keepsake', 'keepsake/owner-keepsake-page.tsx'),
      // The sandbox provider's stand-in for Stripe's hosted identity check (no Stripe keys).
      route('sandbox_onboarding', 'payments/sandbox-onboarding-page.tsx'),
      route('investments', 'investments/investments-page.tsx'),
    ]),
  ]),

  // Rendered in the browser (the server sends a loading screen): they read the URL's tokens or the window.
  layout('shell/client-rendered.tsx', [
    route('resetpassword', 'auth/reset-password-page.tsx'),
    route('confirm_email', 'auth/confirm-email-page.tsx'),
    route('passwordrecovery', 'auth/password-recovery-redirect.tsx'),
    route('auth/popup-complete', 'auth/popup-complete-page.tsx'),

    // A contributor's private edit link.
    route('c/:slug/edit/:contributionId', 'contributions/edit-contribution-page.tsx'),
  ]),

  route('*', 'marketing/not-found-page.tsx'),
] satisfies RouteConfig;
