import { LOCALES, localizedPath } from '@firstday/common/locales';
import { MARKETING_PATHS } from '@firstday/common/site';
import type { Config } from '@react-router/dev/config';
import { ARTICLE_SLUGS } from './src/investments/articles.ts';

export default {
  appDirectory: 'src',
  // WEB_BUILD_DIR lets a benchmark or a second checkout build beside the main build.
  buildDirectory: process.env.WEB_BUILD_DIR ?? 'build',
  // The API server renders the guest page `/c/<slug>` (and the client-only routes' loading screen)
  // per request with the server build (server/src/lib/web-static.ts, docs/decisions/012-server-rendered-guest-page.md).
  ssr: true,
  // Marketing pages and articles are static HTML; '/404' is the not-found page the server answers
  // unknown paths with.
  prerender: [
    ...MARKETING_PATHS,
    ...LOCALES.flatMap((locale) => ARTICLE_SLUGS.map((slug) => localizedPath(`/articles/${slug}`, locale))),
    '/404',
  ],
  // The whole route manifest ships with the page, as before: no `/__manifest` requests to serve.
  routeDiscovery: { mode: 'initial' },
} satisfies Config;
