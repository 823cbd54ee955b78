import { Carousel } from '../../components/carousel.tsx';
import { T, useT } from '../../i18n/use-t.tsx';
import { island } from '../../islands/island.tsx';
import type { Testimonial } from './landing-content.ts';
import sectionStyles from './section.module.css';
import { SectionHeading } from './section-heading.tsx';
import styles from './stories-section.module.css';

/** 'First Step Stories': parents' testimonials in a carousel. */
export const StoriesSection = island(
  'StoriesSection',
  function StoriesSection({ testimonials }: { testimonials: readonly Testimonial[] }) {
    const t = useT();
    return (
      <section
        id="First_Step_Stories"
        className={`${sectionStyles.section} ${sectionStyles.sky}`}
        aria-labelledby="stories-title"
      >
        <div className="container">
          <SectionHeading
            id="stories-title"
            eyebrow={t('marketing.stories.eyebrow')}
            title={t('marketing.stories.title')}
            lead={t('marketing.stories.lead')}
          />
          <Carousel
            kind="stories"
            label={t('marketing.stories.carousel')}
            slides={testimonials.map((story) => ({
              key: story.key,
              content: (
                <figure className={styles.card}>
                  <blockquote className={styles.quote}>
                    <p>{story.description}</p>
                  </blockquote>
                  <figcaption className={styles.author}>
                    <img src={story.avatar} alt="" width="56" height="56" loading="lazy" decoding="async" />
                    <span className={styles.name}>{story.name}</span>
                    <span className={styles.amount}>
                      <T
                        id="marketing.stories.received"
                        values={{ amount: story.price }}
                        components={{ 0: <strong>{story.price}</strong> }}
                      />
                    </span>
                  </figcaption>
                </figure>
              ),
            }))}
          />
        </div>
      </section>
    );
  },
);
