import { DEFAULT_LOCALE, isLocale } from '@firstday/common/locales';
import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { ensureCatalogues, startWithLocale } from './i18n/client-i18n.ts';
import { NAMESPACES, type Namespace } from './i18n/namespaces.ts';

// The server wrote the page's language and catalogues on <html> (root.tsx): load those texts,
// then hydrate, so the first client render says what the server's HTML says.
const root = document.documentElement;
const locale = isLocale(root.lang) ? root.lang : DEFAULT_LOCALE;
const namespaces = (root.dataset.catalogues ?? 'common')
  .split(' ')
  .filter((name): name is Namespace => (NAMESPACES as readonly string[]).includes(name));

startWithLocale(locale);
await ensureCatalogues(locale, namespaces);

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
