import type { CataloguesHandle } from '../i18n/namespaces.ts';
import type { Route } from './+types/not-found-page';
import { NotFoundView } from './not-found-view.tsx';
import { buildPageMeta } from './seo.ts';

export const handle: CataloguesHandle = { catalogues: ['marketing'] };
export const meta: Route.MetaFunction = () => [
  // A missing page has no canonical address of its own.
  ...buildPageMeta({
    title: 'Page not found – Firstday',
    description: 'This page may have been removed, renamed or is temporarily unavailable.',
    path: '/404',
  }).filter((tag) => !('rel' in tag && tag.rel === 'canonical')),
  { name: 'robots', content: 'noindex' },
];

export default function NotFoundPage() {
  return <NotFoundView />;
}
