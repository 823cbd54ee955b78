import type { ReactNode } from 'react';
import styles from './progress-note.module.css';

/** A line saying what is under way (a payment, a submission), with a spinner before it. */
export function ProgressNote({ children }: { children: ReactNode }) {
  return (
    <p className={styles.note}>
      <span className={styles.spinner} aria-hidden="true" />
      {children}
    </p>
  );
}
