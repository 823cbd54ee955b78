import { formatVisitorCreationFee } from '@firstday/common/creation-fee';
import { localeFromPath } from '@firstday/common/locales';
import { createServerI18n } from '../i18n/catalogues.server.ts';
import type { CataloguesHandle } from '../i18n/namespaces.ts';
import type { LocalePrefixHandle } from '../i18n/request-locale.ts';
import { messageId } from '../i18n/use-t.tsx';
import type { IslandsHandle } from '../islands/island.tsx';
import type { Route } from './+types/terms-page';
import { LegalDocument, type LegalSection } from './legal-document.tsx';
import { buildPageMeta } from './seo.ts';

export const handle: CataloguesHandle & LocalePrefixHandle & IslandsHandle = {
  islands: true,
  catalogues: ['marketing', 'legal'],
  localeFromPath: true,
};

/** Build-time only (prerendered page, once per language): the page's title and description. */
export function loader({ request }: Route.LoaderArgs) {
  const locale = localeFromPath(new URL(request.url).pathname);
  const i18n = createServerI18n(locale);
  return {
    meta: buildPageMeta({
      title: i18n._('legal.terms.metaTitle'),
      description: i18n._('legal.terms.metaDescription', { fee: formatVisitorCreationFee(locale) }),
      path: '/terms',
      locale,
    }),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];

/** The sections' texts are in the legal catalogue; the English wording is the binding one. */
const SECTIONS: readonly LegalSection[] = [
  {
    id: 'about',
    title: messageId('legal.terms.about.title'),
    blocks: [
      { kind: 'p', text: { id: messageId('legal.terms.about.p1'), tags: ['strong', 'strong'] } },
      { kind: 'p', text: { id: messageId('legal.terms.about.p2'), tags: ['privacy'] } },
    ],
  },
  {
    id: 'eligibility',
    title: messageId('legal.terms.eligibility.title'),
    blocks: [
      { kind: 'p', text: { id: messageId('legal.terms.eligibility.p1'), tags: ['strong'] } },
      {
        kind: 'ul',
        items: [
          { id: messageId('legal.terms.eligibility.li2_1') },
          { id: messageId('legal.terms.eligibility.li2_2') },
          { id: messageId('legal.terms.eligibility.li2_3') },
        ],
      },
    ],
  },
  {
    id: 'fee',
    title: messageId('legal.terms.fee.title'),
    blocks: [
      { kind: 'p', text: { id: messageId('legal.terms.fee.p1'), tags: ['strong'] } },
      { kind: 'p', text: { id: messageId('legal.terms.fee.p2') } },
      { kind: 'p', text: { id: messageId('legal.terms.fee.p3') } },
    ],
  },
  {
    id: 'gifts',
    title: messageId('legal.terms.gifts.title'),
    blocks: [
      { kind: 'p', text: { id: messageId('legal.terms.gifts.p1'), tags: ['strong'] } },
      { kind: 'p', text: { id: messageId('legal.terms.gifts.p2') } },
      { kind: 'p', text: { id: messageId('legal.terms.gifts.p3') } },
    ],
  },
  {
    id: 'not-gambling',
    title: messageId('legal.terms.notGambling.title'),
    blocks: [
      { kind: 'p', text: { id: messageId('legal.terms.notGambling.p1'), tags: ['strong'] } },
      { kind: 'p', text: { id: messageId('legal.terms.notGambling.p2') } },
    ],
  },
  {
    id: 'content',
    title: messageId('legal.terms.content.title'),
    blocks: [
      { kind: 'p', text: { id: messageId('legal.terms.content.p1') } },
      { kind: 'p', text: { id: messageId('legal.terms.content.p2') } },
      {
        kind: 'ul',
        items: [
          { id: messageId('legal.terms.content.li3_1') },
          { id: messageId('legal.terms.content.li3_2') },
          { id: messageId('legal.terms.content.li3_3') },
        ],
      },
      { kind: 'p', text: { id: messageId('legal.terms.content.p4') } },
    ],
  },
  {
    id: 'liability',
    title: messageId('legal.terms.liability.title'),
    blocks: [
      { kind: 'p', text: { id: messageId('legal.terms.liability.p1') } },
      { kind: 'p', text: { id: messageId('legal.terms.liability.p2') } },
      { kind: 'p', text: { id: messageId('legal.terms.liability.p3') } },
    ],
  },
  {
    id: 'changes',
    title: messageId('legal.terms.changes.title'),
    blocks: [
      { kind: 'p', text: { id: messageId('legal.terms.changes.p1') } },
      { kind: 'p', text: { id: messageId('legal.terms.changes.p2') } },
      { kind: 'p', text: { id: messageId('legal.terms.changes.p3'), tags: ['mail', 'tel'] } },
    ],
  },
];

export default function TermsPage() {
  return (
    <LegalDocument
      title={messageId('legal.terms.title')}
      path="/terms"
      intro={{ id: messageId('legal.terms.intro.p1') }}
      sections={SECTIONS}
    />
  );
}
