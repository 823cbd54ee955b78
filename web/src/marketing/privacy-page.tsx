import { COOKIES } from '@firstday/common/cookies';
import { localeFromPath } from '@firstday/common/locales';
import { createServerI18n } from '../i18n/catalogues.server.ts';
import type { CataloguesHandle } from '../i18n/namespaces.ts';
import type { LocalePrefixHandle } from '../i18n/request-locale.ts';
import { messageId } from '../i18n/use-t.tsx';
import type { IslandsHandle } from '../islands/island.tsx';
import type { Route } from './+types/privacy-page';
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
      title: i18n._('legal.privacy.metaTitle'),
      description: i18n._('legal.privacy.metaDescription'),
      path: '/privacy',
      locale,
    }),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];

/** The sections' texts are in the legal catalogue; the English wording is the binding one. */
const SECTIONS: readonly LegalSection[] = [
  {
    id: 'who-we-are',
    title: messageId('legal.privacy.whoWeAre.title'),
    blocks: [{ kind: 'p', text: { id: messageId('legal.privacy.whoWeAre.p1'), tags: ['mail'] } }],
  },
  {
    id: 'data-we-collect',
    title: messageId('legal.privacy.dataWeCollect.title'),
    blocks: [
      { kind: 'h3', text: { id: messageId('legal.privacy.dataWeCollect.h1') } },
      {
        kind: 'ul',
        items: [
          { id: messageId('legal.privacy.dataWeCollect.li2_1') },
          { id: messageId('legal.privacy.dataWeCollect.li2_2') },
          { id: messageId('legal.privacy.dataWeCollect.li2_3') },
        ],
      },
      { kind: 'h3', text: { id: messageId('legal.privacy.dataWeCollect.h3') } },
      {
        kind: 'ul',
        items: [{ id: messageId('legal.privacy.dataWeCollect.li4_1') }],
      },
      { kind: 'h3', text: { id: messageId('legal.privacy.dataWeCollect.h5') } },
      {
        kind: 'ul',
        items: [{ id: messageId('legal.privacy.dataWeCollect.li6_1'), tags: ['strong'] }],
      },
      { kind: 'h3', text: { id: messageId('legal.privacy.dataWeCollect.h7') } },
      {
        kind: 'ul',
        items: [{ id: messageId('legal.privacy.dataWeCollect.li8_1') }],
      },
      { kind: 'h3', text: { id: messageId('legal.privacy.dataWeCollect.h9') } },
      {
        kind: 'ul',
        items: [{ id: messageId('legal.privacy.dataWeCollect.li10_1') }],
      },
    ],
  },
  {
    id: 'how-we-use',
    title: messageId('legal.privacy.howWeUse.title'),
    blocks: [
      {
        kind: 'ul',
        items: [
          { id: messageId('legal.privacy.howWeUse.li1_1') },
          { id: messageId('legal.privacy.howWeUse.li1_2') },
          { id: messageId('legal.privacy.howWeUse.li1_3') },
          { id: messageId('legal.privacy.howWeUse.li1_4') },
        ],
      },
    ],
  },
  {
    id: 'legal-bases',
    title: messageId('legal.privacy.legalBases.title'),
    blocks: [
      { kind: 'p', text: { id: messageId('legal.privacy.legalBases.p1') } },
      {
        kind: 'ul',
        items: [
          { id: messageId('legal.privacy.legalBases.li2_1'), tags: ['strong'] },
          { id: messageId('legal.privacy.legalBases.li2_2'), tags: ['strong'] },
          { id: messageId('legal.privacy.legalBases.li2_3'), tags: ['strong'] },
          { id: messageId('legal.privacy.legalBases.li2_4'), tags: ['strong'] },
        ],
      },
    ],
  },
  {
    id: 'what-others-see',
    title: messageId('legal.privacy.whatOthersSee.title'),
    blocks: [
      { kind: 'p', text: { id: messageId('legal.privacy.whatOthersSee.p1'), tags: ['strong'] } },
      { kind: 'p', text: { id: messageId('legal.privacy.whatOthersSee.p2') } },
    ],
  },
  {
    id: 'sharing',
    title: messageId('legal.privacy.sharing.title'),
    blocks: [
      { kind: 'p', text: { id: messageId('legal.privacy.sharing.p1'), tags: ['strong'] } },
      {
        kind: 'ul',
        items: [
          { id: messageId('legal.privacy.sharing.li2_1') },
          { id: messageId('legal.privacy.sharing.li2_2') },
          { id: messageId('legal.privacy.sharing.li2_3') },
        ],
      },
      { kind: 'p', text: { id: messageId('legal.privacy.sharing.p3') } },
    ],
  },
  {
    id: 'cookies',
    title: messageId('legal.privacy.cookies.title'),
    blocks: [
      { kind: 'p', text: { id: messageId('legal.privacy.cookies.p1'), tags: ['strong'] } },
      {
        kind: 'ul',
        items: COOKIES.map(({ id }) => ({ id: messageId(`legal.privacy.cookies.${id}`), tags: ['strong'] })),
      },
      { kind: 'p', text: { id: messageId('legal.privacy.cookies.p2') } },
    ],
  },
  {
    id: 'retention',
    title: messageId('legal.privacy.retention.title'),
    blocks: [
      {
        kind: 'ul',
        items: [
          { id: messageId('legal.privacy.retention.li1_1'), tags: ['strong', 'strong'] },
          { id: messageId('legal.privacy.retention.li1_2'), tags: ['strong', 'strong'] },
          { id: messageId('legal.privacy.retention.li1_3'), tags: ['strong', 'strong'] },
          { id: messageId('legal.privacy.retention.li1_4'), tags: ['strong'] },
          { id: messageId('legal.privacy.retention.guests'), tags: ['strong', 'strong'] },
          { id: messageId('legal.privacy.retention.guestDeletes'), tags: ['strong'] },
          { id: messageId('legal.privacy.retention.declined'), tags: ['strong', 'strong'] },
          { id: messageId('legal.privacy.retention.emails'), tags: ['strong', 'strong'] },
          { id: messageId('legal.privacy.retention.sessions'), tags: ['strong', 'strong'] },
          { id: messageId('legal.privacy.retention.inactivity'), tags: ['strong', 'strong'] },
        ],
      },
    ],
  },
  {
    id: 'security',
    title: messageId('legal.privacy.security.title'),
    blocks: [{ kind: 'p', text: { id: messageId('legal.privacy.security.p1') } }],
  },
  {
    id: 'your-rights',
    title: messageId('legal.privacy.yourRights.title'),
    blocks: [
      { kind: 'p', text: { id: messageId('legal.privacy.yourRights.p1') } },
      {
        kind: 'ul',
        items: [
          { id: messageId('legal.privacy.yourRights.li2_1'), tags: ['strong'] },
          { id: messageId('legal.privacy.yourRights.li2_2'), tags: ['strong'] },
          { id: messageId('legal.privacy.yourRights.li2_3'), tags: ['strong'] },
          { id: messageId('legal.privacy.yourRights.li2_4'), tags: ['strong'] },
        ],
      },
      { kind: 'p', text: { id: messageId('legal.privacy.yourRights.p3'), tags: ['mail'] } },
    ],
  },
  {
    id: 'children',
    title: messageId('legal.privacy.children.title'),
    blocks: [{ kind: 'p', text: { id: messageId('legal.privacy.children.p1'), tags: ['terms'] } }],
  },
  {
    id: 'changes',
    title: messageId('legal.privacy.changes.title'),
    blocks: [{ kind: 'p', text: { id: messageId('legal.privacy.changes.p1'), tags: ['mail'] } }],
  },
];

export default function PrivacyPage() {
  return (
    <LegalDocument
      title={messageId('legal.privacy.title')}
      path="/privacy"
      intro={{ id: messageId('legal.privacy.intro.p1') }}
      sections={SECTIONS}
    />
  );
}
