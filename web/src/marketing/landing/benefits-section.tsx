import { ButtonAnchor } from '../../components/button.tsx';
import { useLocalizedPath, useT } from '../../i18n/use-t.tsx';
import styles from './benefits-section.module.css';
import type { InfoCard } from './landing-content.ts';
import sectionStyles from './section.module.css';
import { SectionHeading } from './section-heading.tsx';

const ICON_STYLES = { calendar: styles.pink, star: styles.sun, business: styles.blue } as const;

/** 'What you will get': three info cards (calendar, star, business). */
export function BenefitsSection({ cards }: { cards: readonly InfoCard[] }) {
  const t = useT();
  const localized = useLocalizedPath();
  return (
    <section id="What_you_will_get" className={sectionStyles.section} aria-labelledby="benefits-title">
      <div className="container">
        <SectionHeading
          id="benefits-title"
          eyebrow={t('marketing.benefits.eyebrow')}
          title={t('marketing.header.whatYouWillGet')}
          lead={t('marketing.benefits.lead')}
        />
        <ul className={styles.cards}>
          {cards.map((card) => (
            <li key={card.type} className={styles.card}>
              <span className={`${styles.icon} ${ICON_STYLES[card.type]}`}>
                <img src={`/images/icon-${card.type}.svg`} alt="" width="40" height="40" loading="lazy" />
              </span>
              <h3 className={styles.title}>{card.title}</h3>
              <p className={styles.text}>{card.description}</p>
            </li>
          ))}
        </ul>
        <div className={sectionStyles.actions}>
          <ButtonAnchor href={localized('/join_us')} size="lg">
            {t('marketing.benefits.cta')}
          </ButtonAnchor>
        </div>
      </div>
    </section>
  );
}
