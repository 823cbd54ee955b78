import type { I18n } from '@lingui/core';
import { I18nProvider, useLingui } from '@lingui/react';
import { type ComponentType, createContext, type ReactElement, type ReactNode, useContext } from 'react';
import { type PageLocation, PageLocationContext, usePageLocation } from './page-location.ts';

// Islands (decision 021): a marketing page is static HTML; only its interactive parts hydrate, each
// as its own small React root, without React Router. A component becomes one with `island()`.

/** Renders an island's HTML apart from the page, as its own root. Set by entry.server.tsx for island pages only. */
export type IslandRenderer = (element: ReactElement, identifierPrefix: string) => string;
export const IslandRendererContext = createContext<IslandRenderer | null>(null);

const InsideIslandContext = createContext(false);

/**
 * A route module whose page is islands declares `export const handle = { islands: true, ... }`.
 * Only the production build has the islands' script; the dev server hydrates every page with React Router.
 */
export type IslandsHandle = { islands?: boolean };

export function isIslandPage(handles: unknown[]): boolean {
  return handles.some((handle) => (handle as IslandsHandle | undefined)?.islands === true);
}

/** Everything an island reads from outside itself; the server and the browser wrap it alike. */
export function IslandRoot({ i18n, location, children }: { i18n: I18n; location: PageLocation; children: ReactNode }) {
  return (
    <I18nProvider i18n={i18n}>
      <PageLocationContext value={location}>
        <InsideIslandContext value={true}>{children}</InsideIslandContext>
      </PageLocationContext>
    </I18nProvider>
  );
}

/** The element's attributes the browser reads to hydrate an island (hydrate-islands.tsx). */
export const ISLAND_ATTRIBUTE = 'data-island';
export const ISLAND_PROPS_ATTRIBUTE = 'data-island-props';

/**
 * Marks `Component` as an island named `name` (its key in registry.ts, where every island is
 * listed). On an island page's server render it is rendered as a root of its own inside a
 * `display: contents` element that carries its name and props (JSON), so the browser can hydrate
 * exactly that HTML (same `useId`s too). Anywhere else (React Router pages, inside another island)
 * it is just the component.
 */
export function island<const Name extends string, Props extends object>(name: Name, Component: ComponentType<Props>) {
  function Island(props: Props) {
    const render = useContext(IslandRendererContext);
    const inside = useContext(InsideIslandContext);
    const { i18n } = useLingui();
    const location = usePageLocation();
    if (!render || inside) return <Component {...props} />;
    const html = render(
      <IslandRoot i18n={i18n} location={location}>
        <Component {...props} />
      </IslandRoot>,
      islandIdentifierPrefix(name),
    );
    const attributes = {
      [ISLAND_ATTRIBUTE]: name,
      [ISLAND_PROPS_ATTRIBUTE]: Object.keys(props).length > 0 ? JSON.stringify(props) : undefined,
    };
    // biome-ignore lint/security/noDangerouslySetInnerHtml: React's own server render of the island.
    return <div className="island" {...attributes} dangerouslySetInnerHTML={{ __html: html }} />;
  }
  Island.displayName = `Island(${name})`;
  return Object.assign(Island, { islandName: name, component: Component });
}

/** `useId` prefix of an island: its own root, so its ids must not collide with another island's. */
export const islandIdentifierPrefix = (name: string) => `${name}-`;
