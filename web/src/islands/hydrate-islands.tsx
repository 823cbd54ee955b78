import { DEFAULT_LOCALE, isLocale } from '@firstday/common/locales';
import { setupI18n } from '@lingui/core';
import { StrictMode } from 'react';
import { hydrateRoot, type RootOptions } from 'react-dom/client';
import { readInlineCatalogues } from '../i18n/inline-catalogues.tsx';
import { ISLAND_ATTRIBUTE, ISLAND_PROPS_ATTRIBUTE, IslandRoot, islandIdentifierPrefix } from './island.tsx';
import { PAGE_LOCATION_ID, type PageLocation } from './page-location.ts';
import { ISLANDS, isIslandName } from './registry.ts';

/**
 * Hydrates each island the server marked in the page as its own root (decision 021), with the
 * page's language, texts and location from its HTML.
 */
export function hydrateIslands(options: Pick<RootOptions, 'onRecoverableError'> = {}) {
  const lang = document.documentElement.lang;
  const locale = isLocale(lang) ? lang : DEFAULT_LOCALE;
  const i18n = setupI18n({ locale, messages: { [locale]: readInlineCatalogues() ?? {} } });
  const location = JSON.parse(document.getElementById(PAGE_LOCATION_ID)?.textContent ?? 'null') as PageLocation;

  for (const element of document.querySelectorAll<HTMLElement>(`[${ISLAND_ATTRIBUTE}]`)) {
    const name = element.getAttribute(ISLAND_ATTRIBUTE);
    if (!isIslandName(name)) {
      console.error(`Unknown island '${name}'`);
      continue;
    }
    const props = JSON.parse(element.getAttribute(ISLAND_PROPS_ATTRIBUTE) ?? '{}');
    const Component = ISLANDS[name].component;
    hydrateRoot(
      element,
      <StrictMode>
        <IslandRoot i18n={i18n} location={location}>
          <Component {...props} />
        </IslandRoot>
      </StrictMode>,
      { ...options, identifierPrefix: islandIdentifierPrefix(name) },
    );
  }
}
