import { type Locale, localizedPath } from '@firstday/common/locales';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react';
import { type ReactElement, useCallback } from 'react';
import type { MessageId } from './namespaces.ts';

export type MessageValues = Record<string, string | number | undefined>;
/** A function that turns a key and its values into the active language's text. */
export type Translate = (id: MessageId, values?: MessageValues) => string;

/** The translate function of the active language: `t('landing.hero.title')`. */
export function useT(): Translate {
  const { i18n } = useLingui();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the locale changes the texts, not the instance.
  return useCallback((id: MessageId, values?: MessageValues) => i18n._(id, values), [i18n, i18n.locale]);
}

/** The active language, for the `Intl` formatters in `@firstday/common/format`. */
export function useLocale(): Locale {
  return useLingui().i18n.locale as Locale;
}

type TProps = {
  id: MessageId;
  values?: MessageValues;
  /** Elements for the message's numbered tags: 'Read our <0>terms</0>' with `{ 0: <Link to="/terms" /> }`. */
  components?: Record<string, ReactElement>;
};

/** A text with markup inside it (links, emphasis), whose words translators may reorder. */
export function T({ id, values, components }: TProps) {
  return <Trans id={id} values={values} components={components} />;
}

/** A key to be translated later, where a module lists texts outside a component. */
export function messageId<const Id extends MessageId>(id: Id): Id {
  return id;
}

export type { MessageDescriptor };

/** A marketing path in the active language (`/faq` → `/de/faq`), for links between marketing pages. */
export function useLocalizedPath(): (path: string) => string {
  const locale = useLocale();
  return useCallback((path: string) => localizedPath(path, locale), [locale]);
}
