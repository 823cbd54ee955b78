import { ButtonLink } from '../../components/button.tsx';
import { Carousel } from '../../components/carousel.tsx';
import styles from './how-it-works-section.module.css';
import type { HowItWorksStep } from './landing-content.ts';
import sectionStyles from './section.module.css';
import { SectionHeading } from './section-heading.tsx';

/** 'How It Works': the three steps in a coverflow carousel. Shared by both landing variants. */
export function HowItWorksSection({ steps }: { steps: readonly HowItWorksStep[] }) {
  return (
    <section id="How_it_works" className={`${sectionStyles.section} ${sectionStyles.sky}`} aria-labelledby="how-title">
      <div className="container">
        <SectionHeading
          id="how-title"
          eyebrow="Three simple steps"
          title="How It Works"
          lead="From the first shared link to the first investment: a calendar that turns waiting into celebrating."
        />
        <Carousel
          kind="coverflow"
          label="How it works steps"
          slides={steps.map((step, index) => ({
            key: step.key,
            content: (
              <article className={styles.card}>
                <img src={step.image} alt={step.alt} width="320" height="200" loading="lazy" decoding="async" />
                <p className={styles.step}>Step {index + 1}</p>
                <h3 className={styles.title}>{step.title}</h3>
                <p className={styles.text}>{step.text}</p>
              </article>
            ),
          }))}
        />
        <div className={sectionStyles.actions}>
          <ButtonLink to="/join_us" size="lg">
            Start your baby's future
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}
