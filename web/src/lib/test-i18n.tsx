import { compileCatalogue, type SourceCatalogue } from '@firstday/common/catalogues';
import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import type { ReactNode } from 'react';
import type { Translate } from '../i18n/use-t.tsx';

// For tests only: every English catalogue, compiled as the Vite plugin does for the build.
const sources = import.meta.glob<SourceCatalogue>('../../locales/en/*.json', { import: 'default', eager: true });

export const englishI18n = setupI18n({
  locale: 'en',
  messages: { en: compileCatalogue(Object.assign({}, ...Object.values(sources))) },
});

/** The English `t`, for tests of functions that take one. */
export const englishT: Translate = (id, values) => englishI18n._(id, values);

/** Renders components that call `useT()` in English. */
export function WithEnglish({ children }: { children: ReactNode }) {
  return <I18nProvider i18n={englishI18n}>{children}</I18nProvider>;
}
