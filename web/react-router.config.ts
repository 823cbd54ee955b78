import { MARKETING_PATHS } from '@firstday/common/site';
import type { Config } from '@react-router/dev/config';
import { ARTICLES } from './src/investments/articles.ts';

export default {
  appDirectory: 'src',
  // WEB_BUILD_DIR lets a benchmark or a second checkout build beside the main build.
  buildDirectory: process.env.WEB_BUILD_DIR ?? 'build',
  ssr: false,
  // Marketing pages and articles are static HTML; '/404' is the not-found page the server answers
  // unknown paths with.
  prerender: [...MARKETING_PATHS, ...ARTICLES.map((article) => `/articles/${article.slug}`), '/404'],
} satisfies Config;
