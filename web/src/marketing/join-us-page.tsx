import { SITE } from '@firstday/common/site';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ConfirmEmailPanel } from '../auth/confirm-email-panel.tsx';
import { DEFAULT_SIGNED_IN_PATH, NEW_ACCOUNT_PATH, withRedirect } from '../auth/session.ts';
import { SignUpForm } from '../auth/sign-up-form.tsx';
import { useSignedInState } from '../auth/signed-in-state.ts';
import { ButtonLink } from '../components/button.tsx';
import type { CataloguesHandle } from '../i18n/namespaces.ts';
import type { LocalePrefixHandle } from '../i18n/request-locale.ts';
import type { Route } from './+types/join-us-page';
import styles from './join-us-page.module.css';
import { NewsletterForm } from './newsletter-form.tsx';
import { buildPageMeta } from './seo.ts';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';

export const handle: CataloguesHandle & LocalePrefixHandle = { catalogues: ['marketing'], localeFromPath: true };
export const meta: Route.MetaFunction = () =>
  buildPageMeta({
    title: 'Start the Journey – Firstday',
    description:
      'Create your Firstday account and start a birth calendar for your baby: family and friends guess the big day, leave warm wishes and send a gift.',
    path: '/join_us',
  });

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
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
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
            <p className={styles.eyebrow}>{SITE.tagline}</p>
            <h1 id="join-title" className={styles.title}>
              Start the Journey
            </h1>
            <p className={styles.lead}>
              Create your account and set up your birth calendar in a few minutes. Family and friends guess the big day,
              leave warm wishes and may send a gift for your little one.
            </p>
            <ul className={styles.perks}>
              <li>Your name, the due date and a background: that’s all it takes</li>
              <li>A one-time fee of $20, and no cut of any gift</li>
              <li>One link to share; nobody needs an account to take part</li>
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
          <section className={styles.newsletter} aria-label="Newsletter">
            <div className={styles.newsletterIntro}>
              <p className={styles.newsletterKicker}>Not ready to start yet?</p>
              <p>
                Join the newsletter instead. No spam, nothing shared with anyone, and you can unsubscribe with one
                click.
              </p>
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
  const navigate = useNavigate();
  const [registeredEmail, setRegisteredEmail] = useState<string | null>(null);
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
          Confirm your email
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
          Create your account
        </h2>
        <p className={styles.panelLead}>Then we go straight on to your calendar.</p>
      </div>
      <SignUpForm continueTo={START_PATH} signedInTo={START_PATH} onRegistered={setRegisteredEmail} />
      <p className={styles.switch}>
        Already have an account? <Link to={withRedirect('/login', START_PATH)}>Log in</Link>
      </p>
    </>
  );
}

/** Shown to a signed-in parent who came for a newsletter notice (everyone else goes straight on). */
function SignedInStart() {
  return (
    <div className={styles.panelHeader}>
      <h2 id="start-title" className={styles.panelTitle}>
        You’re logged in
      </h2>
      <p className={styles.panelLead}>Pick up where you left off, or start a new calendar.</p>
      <div className={styles.panelActions}>
        <ButtonLink to={START_PATH} size="lg">
          Create your calendar
        </ButtonLink>
        <ButtonLink to={DEFAULT_SIGNED_IN_PATH} variant="secondary" size="lg">
          My calendars
        </ButtonLink>
      </div>
    </div>
  );
}

/** What a newsletter e-mail's link came to say; first on the page, where it is seen without scrolling. */
function NewsletterNotice({ notice }: { notice: Notice }) {
  if (notice === 'confirmed') {
    return (
      <div className={styles.notice} role="status">
        <span className={styles.noticeIcon} aria-hidden="true">
          ♥
        </span>
        <div>
          <h2 className={styles.noticeTitle}>Your subscription is confirmed</h2>
          <p>Thank you! Our newsletter will reach you at this address, and every e-mail has a link to unsubscribe.</p>
        </div>
      </div>
    );
  }
  if (notice === 'unsubscribed') {
    return (
      <div className={`${styles.notice} ${styles.noticeQuiet}`} role="status">
        <div>
          <h2 className={styles.noticeTitle}>You have been unsubscribed</h2>
          <p>We won’t send you any more newsletters. Changed your mind? You can subscribe again below.</p>
        </div>
      </div>
    );
  }
  return (
    <div className={`${styles.notice} ${styles.noticeQuiet}`} role="status">
      <div>
        <h2 className={styles.noticeTitle}>This link is not valid</h2>
        <p>
          It may be incomplete. Please open it again from the latest e-mail, or write to{' '}
          <a href={`mailto:${SITE.supportEmail}`}>{SITE.supportEmail}</a> and we will take your address off the list.
          You can also subscribe below.
        </p>
      </div>
    </div>
  );
}
