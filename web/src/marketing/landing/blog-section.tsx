import { formatMonthDay } from '@firstday/common/format';
import { Link } from 'react-router';
import { ButtonLink } from '../../components/button.tsx';
import { Carousel } from '../../components/carousel.tsx';
import type { ArticleTeaser } from './blog-articles.ts';
import styles from './blog-section.module.css';
import sectionStyles from './section.module.css';
import { SectionHeading } from './section-heading.tsx';

/** 'Blog' teaser: the newest articles (chosen at build time) in a carousel and a link to all of them. */
export function BlogSection({ articles }: { articles: readonly ArticleTeaser[] }) {
  return (
    <section id="Blog" className={sectionStyles.section} aria-labelledby="blog-title">
      <div className="container">
        <SectionHeading
          id="blog-title"
          eyebrow="Saving for your child"
          title="Blog"
          lead="Short, friendly reads about gifts, saving and the first investment for your child."
        />
        {articles.length > 0 ? (
          <Carousel
            kind="blog"
            label="Newest articles"
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
                      {formatMonthDay(article.publishedOn)}
                    </time>
                    <h3 className={styles.title}>
                      <Link to={`/articles/${article.slug}`} className={styles.link}>
                        {article.title}
                      </Link>
                    </h3>
                    <p className={styles.summary}>{article.summary}</p>
                  </div>
                </article>
              ),
            }))}
          />
        ) : (
          <p className={styles.empty}>New articles are on their way.</p>
        )}
        <div className={sectionStyles.actions}>
          <ButtonLink to="/articles" size="lg" variant="secondary">
            Check all articles
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}
