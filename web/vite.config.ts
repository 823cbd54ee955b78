import { compileCatalogue } from '@firstday/common/catalogues';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig, type Plugin } from 'vite';
import { islandsEntry } from './islands-plugin.ts';

/** Parses each catalogue's ICU texts at build time (common/src/catalogues.ts); the result is still JSON. */
function compileCatalogues(): Plugin {
  return {
    name: 'firstday:compile-catalogues',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]locales[\\/][a-z]{2}[\\/][\w-]+\.json$/.test(id)) return;
      return { code: JSON.stringify(compileCatalogue(JSON.parse(code))), map: null };
    },
  };
}

export default defineConfig({
  plugins: [compileCatalogues(), islandsEntry(), reactRouter()],
  build: {
    // One stylesheet instead of one per route module: fewer render-blocking requests on first paint.
    cssCodeSplit: false,
    rolldownOptions: {
      output: {
        // Fewer, larger chunks for the prerendered pages: gzip compresses one framework file better
        // than five (≈4 KB less on the landing page), and every modulepreload is a request that
        // Lighthouse's simulation puts before first paint.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              // Groups capture their modules' dependencies too: the framework and the shared helpers
              // choose first, so no page group takes React or the i18n hooks with it.
              priority: 3,
              test: /node_modules[\\/](react|react-dom|scheduler|@lingui[\\/](core|react))[\\/]/,
            },
            {
              // Apart from React: the island pages (decision 021) load React without the router.
              name: 'router',
              priority: 3,
              test: /node_modules[\\/]react-router[\\/]/,
            },
            {
              // Small modules every page uses (API client, button, logo, lazy-import helper, early taps, the Intl
              // formatting of dates and money, the i18n hooks and catalogue loader): their own file, so neither the marketing pages nor the
              // guest page loads the other's chunk.
              name: 'shared',
              priority: 2,
              test: /web[\\/]src[\\/](lib[\\/](api|public-config|early-taps)\.ts|components[\\/](button|logo)\.tsx|i18n[\\/](use-t|client-i18n|catalogues|namespaces|request-locale)\.tsx?|islands[\\/](island|page-location)\.tsx?)|common[\\/]src[\\/](site|format|locales|currency)\.ts|vite[\\/]preload-helper/,
            },
            {
              // Used by the guest page, the app's pages and some marketing pages (not `/`): error texts,
              // not-found view, the fun guesses' formats, photo addresses, the form styles. Before
              // 'guest-page', which would otherwise capture them and be loaded by every form of the app.
              name: 'page-helpers',
              test: /web[\\/]src[\\/](lib[\\/]error-messages\.ts|marketing[\\/]not-found-view|styles[\\/]form\.module)|common[\\/]src[\\/](fun-guesses|images)\.ts/,
            },
            {
              // zod and the switch that keeps it from eval (zod-without-eval.ts runs as soon as this
              // file does, before any schema is made): only pages with a form load it, the guest page
              // when someone opens the form (issue 27: it had come back into the guest page's chunk).
              name: 'zod',
              priority: 2,
              test: /node_modules[\\/]zod[\\/]|web[\\/]src[\\/]lib[\\/]zod-without-eval/,
            },
            {
              // React Query: the guest page and the signed-in area, which do not load each other's
              // modules (issue 27). Not the app's client for it: a group takes its modules'
              // dependencies along, and the client's error texts would pull React Query into every
              // form that shows an error (the sign-in pages, /join_us; decision 036).
              name: 'query',
              priority: 2,
              test: /node_modules[\\/]@tanstack[\\/]/,
            },
            {
              // The guest page's own modules in one file (decision 012): the page most
              // visitors see loads the framework, this chunk and its route module, instead of a dozen
              // small files. The form stays out: it loads when someone is about to pick a day.
              name: 'guest-page',
              test: /web[\\/]src[\\/](contributions[\\/](announcement-panel|calendar-footer|calendar-grid|calendar-meta|contributions-api|display-name|guess-calendar|public-calendar\.module|public-wish-list|share-links|share-panel|sticky-pick-bar|use-guess-days))|common[\\/]src[\\/]guess-window/,
            },
            {
              // What the marketing pages share (header, footer, landing sections used by /green, ...);
              // modules of a single page stay in that page's chunk.
              name: 'marketing',
              test: /web[\\/]src[\\/](marketing[\\/](site-|account-link|landing[\\/])|auth[\\/]signed-in-state|i18n[\\/]language-switcher|components[\\/]carousel)|common[\\/]src[\\/]milestones/,
              minShareCount: 2,
              // Before 'page-helpers', whose not-found view also uses the account link: that link
              // belongs to the header on every marketing page, not to a chunk `/` does not need.
              priority: 1,
            },
          ],
        },
      },
    },
  },
  // Short hashed class names: CSS module maps ship in the JavaScript of every page.
  css: { modules: { generateScopedName: '_[hash:base64:6]' } },
  server: { proxy: { '/api': 'http://localhost:3000', '/dev': 'http://localhost:3000' } },
});
