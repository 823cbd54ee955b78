import { DEFAULT_LOCALE, isLocale } from '@firstday/common/locales';
import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { addCatalogues } from './i18n/catalogues.ts';
import { clientI18nFor, ensureCatalogues, startWithLocale } from './i18n/client-i18n.ts';
import { readInlineCatalogues } from './i18n/inline-catalogues.tsx';
import { NAMESPACES, type Namespace } from './i18n/namespaces.ts';
import { stopCapturingEarlyTaps } from './lib/early-taps.ts';

// The server wrote the page's language and catalogues on <html> (root.tsx) and their texts in the
// page (inline-catalogues.tsx): take those, then hydrate, so the first client render says what the
// server's HTML says, without waiting for another request.
const root = document.documentElement;
const locale = isLocale(root.lang) ? root.lang : DEFAULT_LOCALE;
const namespaces = (root.dataset.catalogues ?? 'common')
  .split(' ')
  .filter((name): name is Namespace => (NAMESPACES as readonly string[]).includes(name));

startWithLocale(locale);
const inline = readInlineCatalogues();
if (inline) addCatalogues(clientI18nFor(locale), locale, namespaces, inline);
else await ensureCatalogues(locale, namespaces);

// React handles every click from here on, even on a part it has not hydrated yet.
stopCapturingEarlyTaps();
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
