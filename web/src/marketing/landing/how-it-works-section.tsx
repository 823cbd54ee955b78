import { ButtonAnchor } from '../../components/button.tsx';
import { Carousel } from '../../components/carousel.tsx';
import { useLocalizedPath, useT } from '../../i18n/use-t.tsx';
import { island } from '../../islands/island.tsx';
import styles from './how-it-works-section.module.css';
import type { HowItWorksStep } from './landing-content.ts';
import sectionStyles from './section.module.css';
import { SectionHeading } from './section-heading.tsx';

/** 'How It Works': the three steps in a coverflow carousel. Shared by both landing variants. */
export const HowItWorksSection = island(
  'HowItWorksSection',
  function HowItWorksSection({ steps }: { steps: readonly HowItWorksStep[] }) {
    const t = useT();
    const localized = useLocalizedPath();
    return (
      <section
        id="How_it_works"
        className={`${sectionStyles.section} ${sectionStyles.sky}`}
        aria-labelledby="how-title"
      >
        <div className="container">
          <SectionHeading
            id="how-title"
            eyebrow={t('marketing.how.eyebrow')}
            title={t('marketing.how.title')}
            lead={t('marketing.how.lead')}
          />
          <Carousel
            kind="coverflow"
            label={t('marketing.how.carousel')}
            slides={steps.map((step, index) => ({
              key: step.key,
              content: (
                <article className={styles.card}>
                  <img src={step.image} alt={step.alt} width="320" height="200" loading="lazy" decoding="async" />
                  <p className={styles.step}>{t('marketing.how.step', { number: index + 1 })}</p>
                  <h3 className={styles.title}>{step.title}</h3>
                  <p className={styles.text}>{step.text}</p>
                </article>
              ),
            }))}
          />
          <div className={sectionStyles.actions}>
            <ButtonAnchor href={localized('/join_us')} size="lg">
              {t('marketing.how.cta')}
            </ButtonAnchor>
          </div>
        </div>
      </section>
    );
  },
);
