import { formatMonthDay } from '@firstday/common/format';
import { ButtonAnchor } from '../../components/button.tsx';
import { Carousel } from '../../components/carousel.tsx';
import { useLocale, useLocalizedPath, useT } from '../../i18n/use-t.tsx';
import type { ArticleTeaser } from '../../investments/articles.ts';
import { island } from '../../islands/island.tsx';
import styles from './blog-section.module.css';
import sectionStyles from './section.module.css';
import { SectionHeading } from './section-heading.tsx';

/** 'Blog' teaser: the newest articles (chosen at build time) in a carousel and a link to all of them. */
export const BlogSection = island(
  'BlogSection',
  function BlogSection({ articles }: { articles: readonly ArticleTeaser[] }) {
    const t = useT();
    const locale = useLocale();
    const localized = useLocalizedPath();
    return (
      <section id="Blog" className={sectionStyles.section} aria-labelledby="blog-title">
        <div className="container">
          <SectionHeading
            id="blog-title"
            eyebrow={t('marketing.blog.eyebrow')}
            title={t('marketing.header.blog')}
            lead={t('marketing.blog.lead')}
          />
          {articles.length > 0 ? (
            <Carousel
              kind="blog"
              label={t('marketing.blog.carousel')}
              slides={articles.map((article) => ({
                key: article.slug,
                content: (
                  <article className={styles.card}>
                    <img
                      src={article.image.src}
                      alt={article.image.alt}
                      width="400"
                      height="240"
                      loading="lazy"
                      decoding="async"
                    />
                    <div className={styles.body}>
                      <time className={styles.date} dateTime={article.publishedOn}>
                        {formatMonthDay(article.publishedOn, locale)}
                      </time>
                      <h3 className={styles.title}>
                        <a href={localized(`/articles/${article.slug}`)} className={styles.link}>
                          {article.title}
                        </a>
                      </h3>
                      <p className={styles.summary}>{article.summary}</p>
                    </div>
                  </article>
                ),
              }))}
            />
          ) : (
            <p className={styles.empty}>{t('marketing.blog.empty')}</p>
          )}
          <div className={sectionStyles.actions}>
            <ButtonAnchor href={localized('/articles')} size="lg" variant="secondary">
              {t('marketing.blog.all')}
            </ButtonAnchor>
          </div>
        </div>
      </section>
    );
  },
);
