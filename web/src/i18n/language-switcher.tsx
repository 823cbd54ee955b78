import { LOCALE_NAMES, LOCALES, type Locale, localizedPath } from '@firstday/common/locales';
import { Link, useLocation, useMatches } from 'react-router';
import { chooseLocale, rememberLocale } from './client-i18n.ts';
import styles from './language-switcher.module.css';
import { usePageNamespaces } from './locale-gate.tsx';
import { hasLocalePrefix } from './request-locale.ts';
import { useLocale, useT } from './use-t.tsx';

/**
 * The three languages, each named in itself. On a marketing page they are links to the same page
 * under the other prefix (`/de/faq`); elsewhere they switch the page in place. Either way the
 * choice is remembered for pages without a prefix. `compact` shows the codes (EN, DE, RU) where a bar
 * has little room; screen readers still hear each language's name.
 */
export function LanguageSwitcher({ className, compact = false }: { className?: string; compact?: boolean }) {
  const t = useT();
  const active = useLocale();
  const { pathname, hash } = useLocation();
  const byPath = hasLocalePrefix(useMatches().map((match) => match.handle));
  const namespaces = usePageNamespaces();

  function choose(locale: Locale) {
    rememberLocale(locale);
    // On a marketing page the link changes the language; the choice still carries to /login and on.
    chooseLocale(locale, byPath ? [] : namespaces).catch(() => {});
  }

  return (
    <nav
      className={[styles.switcher, className].filter(Boolean).join(' ')}
      aria-label={t('common.languageSwitcher.label')}
    >
      <ul>
        {LOCALES.map((locale) => (
          <li key={locale}>
            {byPath ? (
              <Link
                to={`${localizedPath(pathname, locale)}${hash}`}
                lang={locale}
                hrefLang={locale}
                aria-current={locale === active ? 'page' : undefined}
                onClick={() => choose(locale)}
              >
                {compact ? <Label locale={locale} /> : LOCALE_NAMES[locale]}
              </Link>
            ) : (
              <button type="button" lang={locale} aria-pressed={locale === active} onClick={() => choose(locale)}>
                {compact ? <Label locale={locale} /> : LOCALE_NAMES[locale]}
              </button>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}

function Label({ locale }: { locale: Locale }) {
  return (
    <>
      <span aria-hidden="true">{locale.toUpperCase()}</span>
      <span className="visually-hidden">{LOCALE_NAMES[locale]}</span>
    </>
  );
}
