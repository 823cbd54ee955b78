import { LOCALE_NAMES, LOCALES, type Locale, localizedPath } from '@firstday/common/locales';
import type { MouseEvent } from 'react';
import { island } from '../islands/island.tsx';
import { usePageLocation } from '../islands/page-location.ts';
import { chooseLocale, rememberLocale } from './client-i18n.ts';
import styles from './language-switcher.module.css';
import { useLocale, useT } from './use-t.tsx';

/**
 * The three languages, each named in itself. On a marketing page they are links to the same page
 * under the other prefix (`/de/faq`, the reader's section kept); elsewhere they switch the page in
 * place. Either way the choice is remembered for pages without a prefix. `compact` shows the codes
 * (EN, DE, RU) where a bar has little room; screen readers still hear each language's name.
 */
export const LanguageSwitcher = island(
  'LanguageSwitcher',
  function LanguageSwitcher({ className, compact = false }: { className?: string; compact?: boolean }) {
    const t = useT();
    const active = useLocale();
    const { pathname, localeFromPath, namespaces } = usePageLocation();

    function followLink(locale: Locale, event: MouseEvent<HTMLAnchorElement>) {
      rememberLocale(locale);
      event.currentTarget.hash = window.location.hash;
    }

    function switchInPlace(locale: Locale) {
      rememberLocale(locale);
      chooseLocale(locale, namespaces).catch(() => {});
    }

    return (
      <nav
        className={[styles.switcher, className].filter(Boolean).join(' ')}
        aria-label={t('common.languageSwitcher.label')}
      >
        <ul>
          {LOCALES.map((locale) => (
            <li key={locale}>
              {localeFromPath ? (
                <a
                  href={localizedPath(pathname, locale)}
                  lang={locale}
                  hrefLang={locale}
                  aria-current={locale === active ? 'page' : undefined}
                  onClick={(event) => followLink(locale, event)}
                >
                  {compact ? <Label locale={locale} /> : LOCALE_NAMES[locale]}
                </a>
              ) : (
                <button
                  type="button"
                  lang={locale}
                  aria-pressed={locale === active}
                  onClick={() => switchInPlace(locale)}
                >
                  {compact ? <Label locale={locale} /> : LOCALE_NAMES[locale]}
                </button>
              )}
            </li>
          ))}
        </ul>
      </nav>
    );
  },
);

function Label({ locale }: { locale: Locale }) {
  return (
    <>
      <span aria-hidden="true">{locale.toUpperCase()}</span>
      <span className="visually-hidden">{LOCALE_NAMES[locale]}</span>
    </>
  );
}
