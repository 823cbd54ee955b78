import { useT } from '../i18n/use-t.tsx';
import styles from './app-shell.module.css';

/**
 * A calm placeholder with the page's rough shape while the account or the page loads. `status`:
 * what screen readers hear (default: the account is loading).
 */
export function ShellSkeleton({ status }: { status?: string }) {
  const t = useT();
  return (
    <div className={styles.skeleton} aria-busy="true">
      <span className="visually-hidden" role="status">
        {status ?? t('app.shell.loadingAccount')}
      </span>
      <div className={styles.skeletonTitle} />
      <div className={styles.skeletonLine} />
      <div className={styles.skeletonLine} data-short="true" />
      <div className={styles.skeletonCard} />
    </div>
  );
}
