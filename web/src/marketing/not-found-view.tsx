import { SITE } from '@firstday/common/site';
import { ButtonAnchor } from '../components/button.tsx';
import { ButtonLink } from '../components/button-link.tsx';
import { Logo } from '../components/logo.tsx';
import { useLocalizedPath, useT } from '../i18n/use-t.tsx';
import { AccountLink } from './account-link.tsx';
import styles from './not-found-view.module.css';

/** The 404 screen; also shown by routes that find no data for their URL (e.g. an unknown article). */
export function NotFoundView() {
  const t = useT();
  const localized = useLocalizedPath();
  return (
    <div className={styles.shell}>
      <header className={styles.top}>
        <Logo />
        <AccountLink />
      </header>
      <main id="main" className={styles.main}>
        <p className={styles.code} aria-hidden="true">
          <span>4</span>
          <svg
            className={styles.zero}
            viewBox="0 0 100 100"
            width="100"
            height="100"
            aria-hidden="true"
            focusable="false"
          >
            <g stroke="#f4a62a" strokeWidth="6" strokeLinecap="round">
              <path d="M50 4v10M50 86v10M4 50h10M86 50h10M17 17l7 7M76 76l7 7M17 83l7-7M76 24l7-7" />
            </g>
            <circle cx="50" cy="50" r="30" fill="#ffd66b" />
            <circle cx="40" cy="46" r="3.5" fill="#2a2136" />
            <circle cx="60" cy="46" r="3.5" fill="#2a2136" />
            <path d="M40 58c5 6 15 6 20 0" fill="none" stroke="#2a2136" strokeWidth="4" strokeLinecap="round" />
          </svg>
          <span>4</span>
        </p>
        <h1 className={styles.title}>
          <span className="visually-hidden">404: </span>
          {t('common.notFound.title')}
        </h1>
        <p className={styles.text}>{t('common.notFound.text')}</p>
        <div className={styles.actions}>
          <ButtonLink to={localized('/')} size="lg">
            {t('common.error.homeLink')}
          </ButtonLink>
          <ButtonAnchor href={`mailto:${SITE.supportEmail}`} variant="secondary" size="lg">
            {t('common.notFound.contactSupport')}
          </ButtonAnchor>
          <ButtonLink to={localized('/join_us')} variant="secondary" size="lg">
            {t('common.notFound.cta')}
          </ButtonLink>
        </div>
      </main>
    </div>
  );
}
