import { formatVisitorCreationFee } from '@firstday/common/creation-fee';
import { SITE } from '@firstday/common/site';
import { type ReactNode, useId, useMemo, useRef, useState } from 'react';
import { Button, ButtonAnchor } from '../components/button.tsx';
import { Logo } from '../components/logo.tsx';
import { T, type Translate, useLocale, useLocalizedPath, useT } from '../i18n/use-t.tsx';
import { island } from '../islands/island.tsx';
import { AccountLink } from './account-link.tsx';
import styles from './faq-page.module.css';
import { FAQ_ENTRIES } from './faq-questions.ts';
import { filterFaqItems } from './faq-search.ts';
import { ChevronLeftIcon } from './site-icons.tsx';

/** Turns the support address inside an answer into a mail link. */
function renderAnswer(answer: string): ReactNode {
  const parts = answer.split(SITE.supportEmail);
  if (parts.length === 1) return answer;
  return parts.flatMap((part, index) =>
    index === 0
      ? [part]
      : [
          <a key={`mail-${part}`} href={`mailto:${SITE.supportEmail}`}>
            {SITE.supportEmail}
          </a>,
          part,
        ],
  );
}

function describeResults(t: Translate, count: number, query: string): string {
  const total = FAQ_ENTRIES.length;
  if (!query.trim()) return t('faq.page.showingAll', { total });
  if (count === 0) return t('faq.page.noMatch', { query: query.trim() });
  return t('faq.page.someMatch', { count, total, query: query.trim() });
}

/** The FAQ: questions, answers and their search, in the visitor's language; an island (decision 021). */
export const FaqContent = island('FaqContent', function FaqContent() {
  const t = useT();
  const locale = useLocale();
  const localized = useLocalizedPath();
  const searchId = useId();
  const searchRef = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState('');
  // Searched in the visitor's language: the questions and answers as they read them.
  const items = useMemo(
    () =>
      FAQ_ENTRIES.map((entry) => ({
        id: entry.id,
        question: t(entry.question),
        answer: t(entry.answer, { email: SITE.supportEmail, phone: SITE.phone, fee: formatVisitorCreationFee(locale) }),
      })),
    [t, locale],
  );
  const results = useMemo(() => filterFaqItems(items, query), [items, query]);

  function goBack() {
    // Back to the page they came from on this site; a visitor from outside goes to the home page.
    const fromHere = document.referrer.startsWith(`${window.location.origin}/`);
    if (fromHere && window.history.length > 1) window.history.back();
    else window.location.assign(localized('/'));
  }

  function clearSearch() {
    setQuery('');
    searchRef.current?.focus();
  }

  return (
    <div className={styles.shell}>
      <header className={styles.topBar}>
        <Button variant="ghost" onClick={goBack} className={styles.back}>
          <ChevronLeftIcon size={20} />
          <span>{t('faq.page.back')}</span>
        </Button>
        <Logo />
        <AccountLink />
      </header>

      <main id="main" className={styles.main}>
        <div className={styles.hero}>
          <h1 className={styles.title}>{t('faq.page.title')}</h1>
          <p className={styles.lead}>
            <T
              id="faq.page.lead"
              values={{ email: SITE.supportEmail }}
              components={{ 0: <a href={`mailto:${SITE.supportEmail}`}>{SITE.supportEmail}</a> }}
            />
          </p>
          <search className={styles.search}>
            <label htmlFor={searchId} className="visually-hidden">
              {t('faq.page.searchLabel')}
            </label>
            <svg className={styles.searchIcon} width="22" height="22" viewBox="0 0 24 24" aria-hidden="true">
              <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2.2" />
              <path d="m15.5 15.5 5 5" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
            </svg>
            <input
              ref={searchRef}
              id={searchId}
              type="search"
              className={styles.searchInput}
              placeholder={t('faq.page.searchPlaceholder')}
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              aria-describedby={`${searchId}-status`}
              autoComplete="off"
              enterKeyHint="search"
            />
          </search>
          <p id={`${searchId}-status`} className={styles.status} role="status" aria-live="polite">
            {describeResults(t, results.length, query)}
          </p>
        </div>

        {results.length > 0 ? (
          <ul className={styles.list}>
            {results.map((item) => (
              <li key={item.id}>
                <details className={styles.item} id={item.id}>
                  <summary className={styles.question}>
                    <span>{item.question}</span>
                    <span className={styles.chevron} aria-hidden="true" />
                  </summary>
                  <p className={styles.answer}>{renderAnswer(item.answer)}</p>
                </details>
              </li>
            ))}
          </ul>
        ) : (
          <div className={styles.empty}>
            <h2 className={styles.emptyTitle}>{t('faq.page.noMatch', { query: query.trim() })}</h2>
            <p>{t('faq.page.emptyHint')}</p>
            <div className={styles.emptyActions}>
              <Button variant="secondary" onClick={clearSearch}>
                {t('faq.page.clearSearch')}
              </Button>
              <ButtonAnchor href={`mailto:${SITE.supportEmail}`}>{t('faq.page.contactSupport')}</ButtonAnchor>
            </div>
          </div>
        )}

        <aside className={styles.contact} aria-labelledby="faq-contact-title">
          <div>
            <h2 id="faq-contact-title" className={styles.contactTitle}>
              {t('faq.page.stillQuestion')}
            </h2>
            <p>
              <T
                id="faq.page.contactText"
                values={{ email: SITE.supportEmail, phone: SITE.phone }}
                components={{
                  0: <a href={`mailto:${SITE.supportEmail}`}>{SITE.supportEmail}</a>,
                  1: <a href={SITE.phoneHref}>{SITE.phone}</a>,
                }}
              />
            </p>
          </div>
          <ButtonAnchor href={`mailto:${SITE.supportEmail}`} size="lg">
            {t('faq.page.contactSupport')}
          </ButtonAnchor>
        </aside>
      </main>
    </div>
  );
});
