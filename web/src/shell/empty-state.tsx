import { type ReactNode, useId } from 'react';
import styles from './empty-state.module.css';

type EmptyStateProps = {
  illustration: ReactNode;
  title: string;
  /** 2 under a page header; 1 when the empty state is the whole page. */
  headingLevel?: 1 | 2;
  children: ReactNode;
  /** One action, sometimes with a quieter second one. */
  actions?: ReactNode;
  tone?: 'pink' | 'blue' | 'sun';
};

export function EmptyState({
  illustration,
  title,
  headingLevel = 2,
  children,
  actions,
  tone = 'pink',
}: EmptyStateProps) {
  const titleId = useId();
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <section className={styles.emptyState} data-tone={tone} aria-labelledby={titleId}>
      <div className={styles.illustration}>{illustration}</div>
      <Heading id={titleId} className={styles.title}>
        {title}
      </Heading>
      <div className={styles.text}>{children}</div>
      {actions && <div className={styles.actions}>{actions}</div>}
    </section>
  );
}
