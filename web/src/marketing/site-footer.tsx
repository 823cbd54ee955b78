import { SITE } from '@firstday/common/site';
import { Logo } from '../components/logo.tsx';
import { LanguageSwitcher } from '../i18n/language-switcher.tsx';
import { T, useLocalizedPath, useT } from '../i18n/use-t.tsx';
import styles from './site-footer.module.css';

/** Marketing footer: contacts, legal links, copyright 2025 and the not-gambling disclaimer. */
export function SiteFooter() {
  const t = useT();
  const localized = useLocalizedPath();
  // The message supplies the link text; the element here only needs content for the linter.
  const email = <a href={`mailto:${SITE.supportEmail}`}>{SITE.supportEmail}</a>;
  return (
    <footer className={styles.footer}>
      <div className={`container ${styles.grid}`}>
        <div className={styles.brand}>
          <Logo />
          <p className={styles.slogan}>{t('marketing.slogan')}</p>
          <p>
            <T id="marketing.footer.questions" values={{ email: SITE.supportEmail }} components={{ 0: email }} />
          </p>
          <LanguageSwitcher />
        </div>
        <nav aria-label={t('marketing.footer.legal')}>
          <h2 className={styles.heading}>{t('marketing.footer.legal')}</h2>
          <ul className={styles.list}>
            <li>
              <a href={localized('/privacy')}>{t('marketing.footer.privacy')}</a>
            </li>
            <li>
              <a href={localized('/terms')}>{t('marketing.footer.terms')}</a>
            </li>
            <li>
              <a href={localized('/faq')}>{t('marketing.header.faq')}</a>
            </li>
          </ul>
        </nav>
        <div>
          <h2 className={styles.heading}>{t('marketing.footer.contact')}</h2>
          <address className={styles.list}>
            <a href={`mailto:${SITE.supportEmail}`} className={styles.contact}>
              <span className={styles.contactLabel}>{t('marketing.footer.email')}</span>
              {SITE.supportEmail}
            </a>
            <a href={SITE.phoneHref} className={styles.contact}>
              <span className={styles.contactLabel}>{t('marketing.footer.phone')}</span>
              {SITE.phone}
            </a>
            <a href={SITE.mapsUrl} className={styles.contact} target="_blank" rel="noopener noreferrer">
              <span className={styles.contactLabel}>{t('marketing.footer.address')}</span>
              {SITE.address}
              <span className="visually-hidden"> {t('marketing.footer.opensMap')}</span>
            </a>
          </address>
        </div>
      </div>
      <div className={`container ${styles.bottom}`}>
        <p className={styles.disclaimer}>{t('marketing.footer.disclaimer', { name: SITE.name })}</p>
        <p className={styles.copyright}>
          © {SITE.copyrightYear} {SITE.name}
        </p>
      </div>
    </footer>
  );
}
