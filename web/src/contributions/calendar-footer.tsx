import { SITE } from '@firstday/common/site';
import { Link } from 'react-router';
import styles from './calendar-footer.module.css';

/**
 * The shared calendar's footer: who runs the site, how to reach support, the legal pages and the
 * not-gambling disclaimer. Guests arrive by a link, never through the marketing pages, so this is
 * where they find out who they are dealing with before sending a gift.
 */
export function CalendarFooter() {
  return (
    <footer className={styles.footer} data-pick-bar-avoid="">
      <div className={styles.inner}>
        <nav aria-label="Legal" className={styles.links}>
          <Link to="/terms">Terms & Conditions</Link>
          <Link to="/privacy">Privacy Policy</Link>
          <Link to="/faq">FAQ</Link>
        </nav>
        <p className={styles.support}>
          Questions about this calendar or a gift? Write to{' '}
          <a href={`mailto:${SITE.supportEmail}`}>{SITE.supportEmail}</a> or call{' '}
          <a href={SITE.phoneHref}>{SITE.phone}</a>.
        </p>
        <address className={styles.company}>
          {SITE.name} ·{' '}
          <a href={SITE.mapsUrl} target="_blank" rel="noopener noreferrer">
            {SITE.address}
            <span className="visually-hidden"> (opens a map in a new tab)</span>
          </a>
        </address>
        <p className={styles.disclaimer}>
          {SITE.name} is not a betting, gambling or lottery service: nobody wins or loses money based on a chosen date,
          and gifts go to the parents.
        </p>
        <p className={styles.copyright}>
          © {SITE.copyrightYear} {SITE.name}
        </p>
      </div>
    </footer>
  );
}
