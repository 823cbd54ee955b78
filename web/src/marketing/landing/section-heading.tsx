import styles from './section.module.css';

type SectionHeadingProps = {
  /** Id of the h2, referenced by the section's aria-labelledby. */
  id: string;
  eyebrow?: string;
  title: string;
  lead?: string;
};

/** Eyebrow, h2 and lead paragraph at the top of a marketing section. */
export function SectionHeading({ id, eyebrow, title, lead }: SectionHeadingProps) {
  return (
    <div className={styles.heading}>
      {eyebrow && <p className={styles.eyebrow}>{eyebrow}</p>}
      <h2 id={id} className={styles.title}>
        {title}
      </h2>
      {lead && <p className={styles.lead}>{lead}</p>}
    </div>
  );
}
