import { formatVisitorCreationFee } from '@firstday/common/creation-fee';
import { localeFromPath } from '@firstday/common/locales';
import { createServerI18n } from '../i18n/catalogues.server.ts';
import type { CataloguesHandle } from '../i18n/namespaces.ts';
import type { LocalePrefixHandle } from '../i18n/request-locale.ts';
import type { IslandsHandle } from '../islands/island.tsx';
import type { Route } from './+types/faq-page';
import { FaqContent } from './faq-content.tsx';
import { buildPageMeta } from './seo.ts';

export const handle: CataloguesHandle & LocalePrefixHandle & IslandsHandle = {
  islands: true,
  catalogues: ['marketing', 'faq'],
  localeFromPath: true,
};

/** Build-time only (prerendered page, once per language): the page's title and description. */
export function loader({ request }: Route.LoaderArgs) {
  const locale = localeFromPath(new URL(request.url).pathname);
  const i18n = createServerI18n(locale);
  return {
    meta: buildPageMeta({
      title: i18n._('faq.page.metaTitle'),
      description: i18n._('faq.page.metaDescription', { fee: formatVisitorCreationFee(locale) }),
      path: '/faq',
      locale,
    }),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];

export default function FaqPage() {
  return <FaqContent />;
}
