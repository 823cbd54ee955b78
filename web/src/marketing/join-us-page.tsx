import { formatVisitorCreationFee } from '@firstday/common/creation-fee';
import { localeFromPath } from '@firstday/common/locales';
import { SITE } from '@firstday/common/site';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ConfirmEmailPanel } from '../auth/confirm-email-panel.tsx';
import { DEFAULT_SIGNED_IN_PATH, NEW_ACCOUNT_PATH, withRedirect } from '../auth/session.ts';
import { SignUpForm } from '../auth/sign-up-form.tsx';
import { useSignedInState } from '../auth/signed-in-state.ts';
import { useRegisteredEmail } from '../auth/use-registered-email.ts';
import { ButtonLink } from '../components/button-link.tsx';
import type { HydrateAfterPaintHandle } from '../hydrate-after-paint.ts';
import { createServerI18n } from '../i18n/catalogues.server.ts';
import type { CataloguesHandle } from '../i18n/namespaces.ts';
import type { LocalePrefixHandle } from '../i18n/request-locale.ts';
import { T, useLocale, useT } from '../i18n/use-t.tsx';
import { replayEarlyTap } from '../lib/early-taps.ts';
import type { Route } from './+types/join-us-page';
import styles from './join-us-page.module.css';
import { NewsletterForm } from './newsletter-form.tsx';
import { prerenderTranslate } from './prerender-texts.ts';
import { buildPageMeta } from './seo.ts';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';

/**
 * Prerendered with its sign-up form; its scripts start after the first paint (decision 036, as the
 * sign-in pages' in decision 035), and a form sent before is sent again then (early-taps.ts).
 */
export const handle: CataloguesHandle & LocalePrefixHandle & HydrateAfterPaintHandle = {
  catalogues: ['marketing', 'pages', 'app', 'auth'],
  localeFromPath: true,
  hydrateAfterPaint: true,
};

/** Build-time only (prerendered page, once per language): the page's title and description. */
export function loader({ request }: Route.LoaderArgs) {
  const locale = localeFromPath(new URL(request.url).pathname);
  const t = prerenderTranslate(createServerI18n(locale));
  return {
    meta: buildPageMeta({
      title: t('prerender.joinUs.metaTitle'),
      description: t('prerender.joinUs.metaDescription'),
      path: '/join_us',
      locale,
    }),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];

/** Every start button leads here; the journey goes on in the wizard. */
const START_PATH = NEW_ACCOUNT_PATH;

type Notice = 'confirmed' | 'unsubscribed' | 'invalid-link';

/**
 * The server's confirmation and unsubscribe links redirect here with `?confirmed=1`,
 * `?unsubscribed=1`, or `?link=invalid` when the link's token is not genuine.
 */
function readNotice(params: URLSearchParams): Notice | null {
  if (params.get('confirmed') === '1') return 'confirmed';
  if (params.get('unsubscribed') === '1') return 'unsubscribed';
  if (params.get('link') === 'invalid') return 'invalid-link';
  return null;
}

/**
 * 'Start the Journey': signed out, a short sign-up (or a link to log in) that continues into the
 * wizard; signed in, straight into the wizard. The newsletter stays as the second choice.
 */
export default function JoinUsPage() {
  const t = useT();
  const locale = useLocale();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  // A form sent, or a button tapped, before the scripts ran is sent or pressed now.
  useEffect(replayEarlyTap, []);
  // Read after mount: the prerendered HTML has no query string, so rendering it during hydration would mismatch.
  const [notice, setNotice] = useState<Notice | null>(null);
  useEffect(() => {
    setNotice(readNotice(searchParams));
  }, [searchParams]);

  // A visitor who came for a newsletter notice stays to read it, signed in or not.
  const signedIn = useSignedInState() === 'signed-in';
  useEffect(() => {
    if (signedIn && !readNotice(searchParams)) navigate(START_PATH, { replace: true });
  }, [signedIn, searchParams, navigate]);

  return (
    <>
      <SiteHeader />
      <main id="main" className={styles.page}>
        {notice && <NewsletterNotice notice={notice} />}
        <div className={styles.card}>
          <section className={styles.intro} aria-labelledby="join-title">
            <p className={styles.eyebrow}>{t('marketing.header.timeIsTheBestGift')}</p>
            <h1 id="join-title" className={styles.title}>
              {t('pages.joinUs.title')}
            </h1>
            <p className={styles.lead}>{t('pages.joinUs.lead')}</p>
            <ul className={styles.perks}>
              <li>{t('pages.joinUs.perk1')}</li>
              <li>{t('pages.joinUs.perk2', { fee: formatVisitorCreationFee(locale) })}</li>
              <li>{t('pages.joinUs.perk3')}</li>
            </ul>
            <img
              className={styles.art}
              src="/images/articles/starting-early.svg"
              alt=""
              width={640}
              height={400}
              loading="lazy"
            />
          </section>

          <section className={styles.panel} aria-labelledby="start-title">
            {signedIn ? <SignedInStart /> : <SignUpStart />}
          </section>
        </div>

        {notice !== 'confirmed' && (
          <section className={styles.newsletter} aria-label={t('pages.joinUs.newsletter')}>
            <div className={styles.newsletterIntro}>
              <p className={styles.newsletterKicker}>{t('pages.joinUs.notReady')}</p>
              <p>{t('pages.joinUs.newsletterLead')}</p>
            </div>
            <NewsletterForm />
          </section>
        )}
      </main>
      <SiteFooter />
    </>
  );
}

/** The sign-up, then 'Confirm your email' until the e-mailed link is opened; both lead on to the wizard. */
function SignUpStart() {
  const t = useT();
  const navigate = useNavigate();
  const [registeredEmail, setRegisteredEmail] = useRegisteredEmail(() => navigate(START_PATH, { replace: true }));
  const titleRef = useRef<HTMLHeadingElement>(null);
  const step = registeredEmail ? 'confirm' : 'sign-up';
  const shownStep = useRef(step);

  // The panel's content changes in place: its title takes focus, so screen readers follow.
  useEffect(() => {
    if (step === shownStep.current) return;
    shownStep.current = step;
    titleRef.current?.focus();
  }, [step]);

  if (registeredEmail) {
    return (
      <>
        <h2 id="start-title" ref={titleRef} tabIndex={-1} className={styles.panelTitle}>
          {t('pages.joinUs.confirmEmail')}
        </h2>
        <ConfirmEmailPanel
          email={registeredEmail}
          continueTo={START_PATH}
          onVerified={() => navigate(START_PATH, { replace: true })}
          onChangeEmail={() => setRegisteredEmail(null)}
        />
      </>
    );
  }

  return (
    <>
      <div className={styles.panelHeader}>
        <h2 id="start-title" ref={titleRef} tabIndex={-1} className={styles.panelTitle}>
          {t('pages.joinUs.createAccount')}
        </h2>
        <p className={styles.panelLead}>{t('pages.joinUs.createAccountLead')}</p>
      </div>
      <SignUpForm continueTo={START_PATH} signedInTo={START_PATH} onRegistered={setRegisteredEmail} />
      <p className={styles.switch}>
        <T id="pages.joinUs.haveAccount" components={{ 0: <Link to={withRedirect('/login', START_PATH)}>…</Link> }} />
      </p>
    </>
  );
}

/** Shown to a signed-in parent who came for a newsletter notice (everyone else goes straight on). */
function SignedInStart() {
  const t = useT();
  return (
    <div className={styles.panelHeader}>
      <h2 id="start-title" className={styles.panelTitle}>
        {t('pages.joinUs.loggedIn')}
      </h2>
      <p className={styles.panelLead}>{t('pages.joinUs.loggedInLead')}</p>
      <div className={styles.panelActions}>
        <ButtonLink to={START_PATH} size="lg">
          {t('pages.joinUs.createCalendar')}
        </ButtonLink>
        <ButtonLink to={DEFAULT_SIGNED_IN_PATH} variant="secondary" size="lg">
          {t('common.account.myCalendars')}
        </ButtonLink>
      </div>
    </div>
  );
}

/** What a newsletter e-mail's link came to say; first on the page, where it is seen without scrolling. */
function NewsletterNotice({ notice }: { notice: Notice }) {
  const t = useT();
  if (notice === 'confirmed') {
    return (
      <div className={styles.notice} role="status">
        <span className={styles.noticeIcon} aria-hidden="true">
          ♥
        </span>
        <div>
          <h2 className={styles.noticeTitle}>{t('pages.joinUs.confirmedTitle')}</h2>
          <p>{t('pages.joinUs.confirmedText')}</p>
        </div>
      </div>
    );
  }
  if (notice === 'unsubscribed') {
    return (
      <div className={`${styles.notice} ${styles.noticeQuiet}`} role="status">
        <div>
          <h2 className={styles.noticeTitle}>{t('pages.joinUs.unsubscribedTitle')}</h2>
          <p>{t('pages.joinUs.unsubscribedText')}</p>
        </div>
      </div>
    );
  }
  return (
    <div className={`${styles.notice} ${styles.noticeQuiet}`} role="status">
      <div>
        <h2 className={styles.noticeTitle}>{t('pages.joinUs.invalidTitle')}</h2>
        <p>
          <T
            id="pages.joinUs.invalidText"
            values={{ email: SITE.supportEmail }}
            components={{ 0: <a href={`mailto:${SITE.supportEmail}`}>{SITE.supportEmail}</a> }}
          />
        </p>
      </div>
    </div>
  );
}
