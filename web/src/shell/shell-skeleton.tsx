import { useT } from '../i18n/use-t.tsx';
import styles from './app-shell.module.css';

/** A calm placeholder with the page's rough shape while the account loads. */
export function ShellSkeleton() {
  const t = useT();
  return (
    <div className={styles.skeleton} aria-busy="true">
      <span className="visually-hidden" role="status">
        {t('app.shell.loadingAccount')}
      </span>
      <div className={styles.skeletonTitle} />
      <div className={styles.skeletonLine} />
      <div className={styles.skeletonLine} data-short="true" />
      <div className={styles.skeletonCard} />
    </div>
  );
}
