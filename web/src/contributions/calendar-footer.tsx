import { SITE } from '@firstday/common/site';
import { Link } from 'react-router';
import { LanguageSwitcher } from '../i18n/language-switcher.tsx';
import { T, useLocalizedPath, useT } from '../i18n/use-t.tsx';
import styles from './calendar-footer.module.css';

/**
 * The shared calendar's footer: who runs the site, how to reach support, the legal pages and the
 * not-gambling disclaimer. Guests arrive by a link, never through the marketing pages, so this is
 * where they find out who they are dealing with before sending a gift, and where they choose their
 * language (the page switches in place).
 */
export function CalendarFooter() {
  const t = useT();
  const localized = useLocalizedPath();
  // The message supplies the link texts; the elements here only need content for the linter.
  const email = <a href={`mailto:${SITE.supportEmail}`}>{SITE.supportEmail}</a>;
  const phone = <a href={SITE.phoneHref}>{SITE.phone}</a>;
  return (
    <footer className={styles.footer} data-pick-bar-avoid="">
      <div className={styles.inner}>
        <LanguageSwitcher />
        <nav aria-label={t('contributions.footer.legal')} className={styles.links}>
          <Link to={localized('/terms')}>{t('contributions.footer.terms')}</Link>
          <Link to={localized('/privacy')}>{t('contributions.footer.privacy')}</Link>
          <Link to={localized('/faq')}>FAQ</Link>
        </nav>
        <p className={styles.support}>
          <T
            id="contributions.footer.support"
            values={{ email: SITE.supportEmail, phone: SITE.phone }}
            components={{ 0: email, 1: phone }}
          />
        </p>
        <address className={styles.company}>
          {SITE.name} ·{' '}
          <a href={SITE.mapsUrl} target="_blank" rel="noopener noreferrer">
            {SITE.address}
            <span className="visually-hidden"> {t('contributions.footer.opensMap')}</span>
          </a>
        </address>
        <p className={styles.disclaimer}>{t('contributions.footer.disclaimer', { name: SITE.name })}</p>
        <p className={styles.copyright}>
          © {SITE.copyrightYear} {SITE.name}
        </p>
      </div>
    </footer>
  );
}
