import { SITE } from '@firstday/common/site';
import { type ReactNode, useId, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, ExternalButtonLink } from '../components/button.tsx';
import { Logo } from '../components/logo.tsx';
import type { CataloguesHandle } from '../i18n/namespaces.ts';
import type { LocalePrefixHandle } from '../i18n/request-locale.ts';
import type { Route } from './+types/faq-page';
import { AccountLink } from './account-link.tsx';
import styles from './faq-page.module.css';
import { FAQ_ITEMS } from './faq-questions.ts';
import { filterFaqItems } from './faq-search.ts';
import { buildPageMeta } from './seo.ts';
import { ChevronLeftIcon } from './site-icons.tsx';

export const handle: CataloguesHandle & LocalePrefixHandle = { catalogues: ['marketing', 'faq'], localeFromPath: true };
export const meta: Route.MetaFunction = () =>
  buildPageMeta({
    title: 'Frequently Asked Questions – Firstday',
    description:
      'How Firstday birth calendars work: the one-time $20 fee, where gifts go, guessing the day, payment security and more.',
    path: '/faq',
  });

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

function describeResults(count: number, query: string): string {
  if (!query.trim()) return `Showing all ${FAQ_ITEMS.length} questions`;
  if (count === 0) return `No questions match “${query.trim()}”`;
  return `${count} of ${FAQ_ITEMS.length} questions match “${query.trim()}”`;
}

export default function FaqPage() {
  const navigate = useNavigate();
  const searchId = useId();
  const searchRef = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState('');
  const results = useMemo(() => filterFaqItems(FAQ_ITEMS, query), [query]);

  function goBack() {
    // React Router numbers its history entries; idx 0 means the visitor landed here from outside.
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) navigate(-1);
    else navigate('/');
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
          <span>Back</span>
        </Button>
        <Logo />
        <AccountLink />
      </header>

      <main id="main" className={styles.main}>
        <div className={styles.hero}>
          <h1 className={styles.title}>Frequently Asked Questions</h1>
          <p className={styles.lead}>
            Everything about Firstday calendars, gifts and payouts. Can’t find your answer? Write to{' '}
            <a href={`mailto:${SITE.supportEmail}`}>{SITE.supportEmail}</a>.
          </p>
          <search className={styles.search}>
            <label htmlFor={searchId} className="visually-hidden">
              Search the questions
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
              placeholder="Search questions"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              aria-describedby={`${searchId}-status`}
              autoComplete="off"
              enterKeyHint="search"
            />
          </search>
          <p id={`${searchId}-status`} className={styles.status} role="status" aria-live="polite">
            {describeResults(results.length, query)}
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
            <h2 className={styles.emptyTitle}>No questions match “{query.trim()}”</h2>
            <p>Try fewer or different words, or ask us directly: we’re happy to help.</p>
            <div className={styles.emptyActions}>
              <Button variant="secondary" onClick={clearSearch}>
                Clear search
              </Button>
              <ExternalButtonLink href={`mailto:${SITE.supportEmail}`}>Contact support</ExternalButtonLink>
            </div>
          </div>
        )}

        <aside className={styles.contact} aria-labelledby="faq-contact-title">
          <div>
            <h2 id="faq-contact-title" className={styles.contactTitle}>
              Still have a question?
            </h2>
            <p>
              E-mail <a href={`mailto:${SITE.supportEmail}`}>{SITE.supportEmail}</a> or call{' '}
              <a href={SITE.phoneHref}>{SITE.phone}</a>.
            </p>
          </div>
          <ExternalButtonLink href={`mailto:${SITE.supportEmail}`} size="lg">
            Contact support
          </ExternalButtonLink>
        </aside>
      </main>
    </div>
  );
}
