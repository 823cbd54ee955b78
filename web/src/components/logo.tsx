import { useT } from '../i18n/use-t.tsx';
import styles from './logo.module.css';

/** The Firstday word mark with its little calendar sign; `href` defaults to the home page. */
export function Logo({ href = '/', label }: { href?: string; label?: string }) {
  const t = useT();
  return (
    <a href={href} className={styles.logo} aria-label={label ?? t('common.logo.home')}>
      <svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect x="3" y="6" width="26" height="23" rx="6" fill="#e8688f" />
        <rect x="3" y="6" width="26" height="8" rx="4" fill="#b53764" />
        <rect x="9" y="3" width="3" height="7" rx="1.5" fill="#2a2136" />
        <rect x="20" y="3" width="3" height="7" rx="1.5" fill="#2a2136" />
        <path d="M16 26s-6-3.6-6-7.6A3.3 3.3 0 0 1 16 17a3.3 3.3 0 0 1 6 1.4c0 4-6 7.6-6 7.6z" fill="#fff" />
      </svg>
      <span className={styles.word}>Firstday</span>
    </a>
  );
}
