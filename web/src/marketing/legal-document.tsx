import { formatLongDate } from '@firstday/common/format';
import { SITE } from '@firstday/common/site';
import type { ReactNode } from 'react';
import styles from './legal-document.module.css';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';

export type LegalSection = { id: string; title: string; body: ReactNode };

type LegalDocumentProps = {
  title: string;
  intro: ReactNode;
  sections: readonly LegalSection[];
};

/** Shared layout of the terms and the privacy policy: numbered sections with a table of contents. */
export function LegalDocument({ title, intro, sections }: LegalDocumentProps) {
  return (
    <>
      <SiteHeader />
      <main id="main" className={styles.page}>
        <header className={styles.header}>
          <p className={styles.eyebrow}>Legal</p>
          <h1 className={styles.title}>{title}</h1>
          <p className={styles.date}>
            Effective date: <time dateTime={SITE.legalEffectiveDate}>{formatLongDate(SITE.legalEffectiveDate)}</time>
          </p>
          <div className={styles.intro}>{intro}</div>
        </header>

        <div className={styles.layout}>
          <nav className={styles.toc} aria-labelledby="legal-toc-title">
            <h2 id="legal-toc-title" className={styles.tocTitle}>
              Contents
            </h2>
            <ol className={styles.tocList}>
              {sections.map((section) => (
                <li key={section.id}>
                  <a href={`#${section.id}`}>{section.title}</a>
                </li>
              ))}
            </ol>
          </nav>

          <div className={styles.body}>
            {sections.map((section, index) => (
              <section key={section.id} id={section.id} className={styles.section} aria-labelledby={`${section.id}-h`}>
                <h2 id={`${section.id}-h`} className={styles.sectionTitle}>
                  <span className={styles.number}>{index + 1}.</span> <span>{section.title}</span>
                </h2>
                {section.body}
              </section>
            ))}
            <p className={styles.contact}>
              Questions about this document? Write to <a href={`mailto:${SITE.supportEmail}`}>{SITE.supportEmail}</a>.{' '}
              <a href="#main">Back to top</a>
            </p>
          </div>
        </div>
      </main>
      <SiteFooter />
    </>
  );
}
