import { formatVisitorCreationFee } from '@firstday/common/creation-fee';
import { formatLongDate } from '@firstday/common/format';
import { RETENTION_TEXT_VALUES } from '@firstday/common/retention-schedule';
import { SITE } from '@firstday/common/site';
import type { ReactElement } from 'react';
import type { MessageId } from '../i18n/namespaces.ts';
import { T, useLocale, useLocalizedPath, useT } from '../i18n/use-t.tsx';
import styles from './legal-document.module.css';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';

/** What a numbered tag `<0>…</0>` in a legal text stands for. */
export type LegalTag = 'strong' | 'privacy' | 'terms' | 'mail' | 'tel';
/** One paragraph, heading or list item: its key and the kinds of its tags, in order. */
export type LegalText = { id: MessageId; tags?: readonly LegalTag[] };
export type LegalBlock = { kind: 'p' | 'h3'; text: LegalText } | { kind: 'ul'; items: readonly LegalText[] };
export type LegalSection = { id: string; title: MessageId; blocks: readonly LegalBlock[] };

type LegalDocumentProps = {
  title: MessageId;
  /** The English page's path (`/terms`), linked from the translations' notice. */
  path: string;
  intro: LegalText;
  sections: readonly LegalSection[];
};

// The retention periods come from the schedule the daily job applies (decision 029).
const VALUES = {
  name: SITE.name,
  address: SITE.address,
  email: SITE.supportEmail,
  phone: SITE.phone,
  ...RETENTION_TEXT_VALUES,
};

/** A legal text with its markup; each tag's content comes from the message; the fee is the visitor's. */
function LegalT({ text }: { text: LegalText }) {
  const localized = useLocalizedPath();
  const fee = formatVisitorCreationFee(useLocale());
  const element = (tag: LegalTag): ReactElement => {
    switch (tag) {
      case 'strong':
        return <strong>…</strong>;
      case 'privacy':
        return <a href={localized('/privacy')}>…</a>;
      case 'terms':
        return <a href={localized('/terms')}>…</a>;
      case 'mail':
        return <a href={`mailto:${SITE.supportEmail}`}>…</a>;
      case 'tel':
        return <a href={SITE.phoneHref}>…</a>;
    }
  };
  const components = Object.fromEntries((text.tags ?? []).map((tag, index) => [String(index), element(tag)]));
  return <T id={text.id} values={{ ...VALUES, fee }} components={components} />;
}

function Block({ block }: { block: LegalBlock }) {
  if (block.kind === 'ul')
    return (
      <ul>
        {block.items.map((item) => (
          <li key={item.id}>
            <LegalT text={item} />
          </li>
        ))}
      </ul>
    );
  const Tag = block.kind;
  return (
    <Tag>
      <LegalT text={block.text} />
    </Tag>
  );
}

/**
 * Shared layout of the terms and the privacy policy: numbered sections with a table of contents.
 * The German and Russian versions say at the top that only the English one is binding.
 */
export function LegalDocument({ title, path, intro, sections }: LegalDocumentProps) {
  const t = useT();
  const locale = useLocale();
  return (
    <>
      <SiteHeader />
      <main id="main" className={styles.page}>
        <header className={styles.header}>
          {locale !== 'en' && (
            <p className={styles.translationNotice} role="note">
              <T
                id="legal.document.translationNotice"
                components={{
                  0: (
                    <a href={path} hrefLang="en">
                      …
                    </a>
                  ),
                }}
              />
            </p>
          )}
          <p className={styles.eyebrow}>{t('legal.document.eyebrow')}</p>
          <h1 className={styles.title}>{t(title)}</h1>
          <p className={styles.date}>
            <T
              id="legal.document.effectiveDate"
              values={{ date: formatLongDate(SITE.legalEffectiveDate, locale) }}
              components={{ 0: <time dateTime={SITE.legalEffectiveDate}>…</time> }}
            />
          </p>
          <div className={styles.intro}>
            <p>
              <LegalT text={intro} />
            </p>
          </div>
        </header>

        <div className={styles.layout}>
          <nav className={styles.toc} aria-labelledby="legal-toc-title">
            <h2 id="legal-toc-title" className={styles.tocTitle}>
              {t('legal.document.contents')}
            </h2>
            <ol className={styles.tocList}>
              {sections.map((section) => (
                <li key={section.id}>
                  <a href={`#${section.id}`}>{t(section.title)}</a>
                </li>
              ))}
            </ol>
          </nav>

          <div className={styles.body}>
            {sections.map((section, index) => (
              <section key={section.id} id={section.id} className={styles.section} aria-labelledby={`${section.id}-h`}>
                <h2 id={`${section.id}-h`} className={styles.sectionTitle}>
                  <span className={styles.number}>{index + 1}.</span> <span>{t(section.title)}</span>
                </h2>
                {section.blocks.map((block) => (
                  <Block key={block.kind === 'ul' ? block.items[0]?.id : block.text.id} block={block} />
                ))}
              </section>
            ))}
            <p className={styles.contact}>
              <T
                id="legal.document.questions"
                values={{ email: SITE.supportEmail }}
                components={{ 0: <a href={`mailto:${SITE.supportEmail}`}>…</a> }}
              />{' '}
              <a href="#main">{t('legal.document.backToTop')}</a>
            </p>
          </div>
        </div>
      </main>
      <SiteFooter />
    </>
  );
}
