import { useT } from '../../i18n/use-t.tsx';
import styles from './advantages-section.module.css';
import type { Advantage } from './landing-content.ts';
import sectionStyles from './section.module.css';
import { SectionHeading } from './section-heading.tsx';

const BUBBLE_STYLES = [styles.pink, styles.blue, styles.sun, styles.pink] as const;

/** 'Why our product is better, than usual ways to say – Congrats!': four bubbles. Shared by both variants. */
export function AdvantagesSection({ advantages }: { advantages: readonly Advantage[] }) {
  const t = useT();
  return (
    <section
      id="Advantages"
      className={`${sectionStyles.section} ${sectionStyles.tinted}`}
      aria-labelledby="advantages-title"
    >
      <div className="container">
        <SectionHeading id="advantages-title" title={t('marketing.advantages.title')} />
        <ul className={styles.bubbles}>
          {advantages.map((advantage, index) => (
            <li key={advantage.title} className={`${styles.bubble} ${BUBBLE_STYLES[index]}`}>
              <h3 className={styles.title}>{advantage.title}</h3>
              <p className={styles.text}>{advantage.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
