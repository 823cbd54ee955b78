import { T, useT } from '../i18n/use-t.tsx';
import styles from './investment-disclaimer.module.css';

/** Shown wherever articles are: they educate, they do not advise. */
export function InvestmentDisclaimer() {
  const t = useT();
  return (
    <aside className={styles.disclaimer} aria-label={t('investments.disclaimer.label')}>
      <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false" className={styles.icon}>
        <circle cx="12" cy="12" r="10" fill="currentColor" />
        <path d="M12 7.5v5.5" stroke="#fff" strokeWidth="2.2" strokeLinecap="round" />
        <circle cx="12" cy="16.6" r="1.3" fill="#fff" />
      </svg>
      <p>
        <T id="investments.disclaimer.text" components={{ 0: <strong>.</strong> }} />
      </p>
    </aside>
  );
}
