import { SITE } from '@firstday/common/site';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ButtonLink } from '../components/button.tsx';
import type { Route } from './+types/join-us-page';
import styles from './join-us-page.module.css';
import { NewsletterForm } from './newsletter-form.tsx';
import { buildPageMeta } from './seo.ts';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';

export const meta: Route.MetaFunction = () =>
  buildPageMeta({
    title: 'Start the Journey – Firstday newsletter',
    description:
      'Join the Firstday newsletter and be the first to know when you can start a birth calendar for your baby.',
    path: '/join_us',
  });

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

export default function JoinUsPage() {
  const [searchParams] = useSearchParams();
  // Read after mount: the prerendered HTML has no query string, so rendering it during hydration would mismatch.
  const [notice, setNotice] = useState<Notice | null>(null);
  useEffect(() => {
    setNotice(readNotice(searchParams));
  }, [searchParams]);

  return (
    <>
      <SiteHeader />
      <main id="main" className={styles.page}>
        <div className={notice ? `${styles.card} ${styles.cardWithNotice}` : styles.card}>
          <section className={styles.intro} aria-labelledby="join-title">
            <p className={styles.eyebrow}>{SITE.tagline}</p>
            <h1 id="join-title" className={styles.title}>
              Start the Journey
            </h1>
            <p className={styles.lead}>
              Firstday is almost here: a birth calendar where family and friends guess the big day, leave warm wishes
              and send a gift for your little one. Leave your e-mail and we’ll tell you the moment it opens.
            </p>
            <ul className={styles.perks}>
              <li>An e-mail the day Firstday launches</li>
              <li>No spam, and nothing shared with anyone</li>
              <li>Unsubscribe with one click, whenever you like</li>
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

          <section className={styles.panel} aria-label="Newsletter">
            {notice === 'confirmed' ? (
              <div className={styles.notice} role="status">
                <span className={styles.noticeIcon} aria-hidden="true">
                  ♥
                </span>
                <h2 className={styles.noticeTitle}>Your subscription is confirmed</h2>
                <p>Thank you! We’ll e-mail you as soon as Firstday launches. Every e-mail has a link to unsubscribe.</p>
                <ButtonLink to="/" variant="secondary">
                  Back to the homepage
                </ButtonLink>
              </div>
            ) : (
              <>
                {notice === 'unsubscribed' && (
                  <div className={`${styles.notice} ${styles.noticeQuiet}`} role="status">
                    <h2 className={styles.noticeTitle}>You have been unsubscribed</h2>
                    <p>We won’t send you any more newsletters. Changed your mind? You can subscribe again below.</p>
                  </div>
                )}
                {notice === 'invalid-link' && (
                  <div className={`${styles.notice} ${styles.noticeQuiet}`} role="status">
                    <h2 className={styles.noticeTitle}>This link is not valid</h2>
                    <p>
                      It may be incomplete. Please open it again from the latest e-mail, or write to{' '}
                      <a href={`mailto:${SITE.supportEmail}`}>{SITE.supportEmail}</a> and we will take your address off
                      the list. You can also subscribe below.
                    </p>
                  </div>
                )}
                <NewsletterForm />
              </>
            )}
          </section>
        </div>
      </main>
      <SiteFooter />
    </>
  );
}
