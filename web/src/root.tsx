import { I18nProvider } from '@lingui/react';
import { type ReactNode, useContext } from 'react';
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration } from 'react-router';
import type { Route } from './+types/root';
import { TestModeRibbon } from './components/test-mode-ribbon.tsx';
import { InlineCatalogues } from './i18n/inline-catalogues.tsx';
import { usePageI18n } from './i18n/locale-gate.tsx';
import { useT } from './i18n/use-t.tsx';
import { IslandRendererContext } from './islands/island.tsx';
import { IslandScripts } from './islands/island-scripts.tsx';
import { PageLocationContext } from './islands/page-location.ts';
import './styles/global.css';

export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'manifest', href: '/site.webmanifest' },
];

export function Layout({ children }: { children: ReactNode }) {
  const { locale, i18n, location } = usePageI18n();
  // Set only while the server renders a page of islands (decision 021): no React Router in its browser.
  const islandPage = useContext(IslandRendererContext) !== null;
  // entry.client.tsx reads both attributes to load the same texts before hydrating.
  return (
    <html lang={locale} data-catalogues={location.namespaces.join(' ')}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#e8688f" />
        <Meta />
        <Links />
      </head>
      <body>
        <I18nProvider i18n={i18n}>
          <PageLocationContext value={location}>
            {children}
            <TestModeRibbon />
          </PageLocationContext>
        </I18nProvider>
        <InlineCatalogues />
        {islandPage ? (
          <IslandScripts location={location} />
        ) : (
          <>
            <ScrollRestoration />
            <Scripts />
          </>
        )}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const t = useT();
  const message = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : t('common.error.unknown');
  return (
    <main className="error-boundary">
      <h1>{t('common.error.title')}</h1>
      <p>{message}</p>
      <a href="/">{t('common.error.homeLink')}</a>
    </main>
  );
}
