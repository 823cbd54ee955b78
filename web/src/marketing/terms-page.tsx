import { SITE } from '@firstday/common/site';
import { Link } from 'react-router';
import type { CataloguesHandle } from '../i18n/namespaces.ts';
import type { LocalePrefixHandle } from '../i18n/request-locale.ts';
import type { Route } from './+types/terms-page';
import { LegalDocument, type LegalSection } from './legal-document.tsx';
import { buildPageMeta } from './seo.ts';

export const handle: CataloguesHandle & LocalePrefixHandle = {
  catalogues: ['marketing', 'legal'],
  localeFromPath: true,
};
export const meta: Route.MetaFunction = () =>
  buildPageMeta({
    title: 'Terms and Conditions of Use – Firstday',
    description:
      'The rules for using Firstday: the one-time $20 calendar fee, how gifts are collected and paid out, age limits and more.',
    path: '/terms',
  });

const SECTIONS: readonly LegalSection[] = [
  {
    id: 'about',
    title: 'About Firstday and these terms',
    body: (
      <>
        <p>
          Firstday (“we”, “us”) runs an online birth calendar at this website. A <strong>creator</strong> sets up a
          calendar for the last weeks of a pregnancy and shares its link. <strong>Guests</strong> who have the link pick
          the day they think the baby will be born, leave a wish and may send a money gift with a personal message. When
          the baby arrives, the creator announces the birth and the gifts are paid out to the creator.
        </p>
        <p>
          These terms apply to everyone who uses Firstday, whether you create a calendar, take part in one or just read
          our pages. By using Firstday you accept them. If you do not agree, please do not use the service. How we
          handle personal data is described in our <Link to="/privacy">Privacy Policy</Link>.
        </p>
      </>
    ),
  },
  {
    id: 'eligibility',
    title: 'Who can use Firstday',
    body: (
      <>
        <p>
          You must be at least <strong>18 years old</strong> to create an account, create a calendar or send a gift.
        </p>
        <ul>
          <li>
            Creators need an account with a verified e-mail address. Keep your password to yourself; you are responsible
            for what happens in your account.
          </li>
          <li>
            Guests need no account. When you take part, you give your name, your e-mail address, the day you pick and
            your wish, and you confirm that these details are yours and correct.
          </li>
          <li>The details you give us must be true, and a calendar must be about a real, expected birth.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'fee',
    title: 'Calendars and the creation fee',
    body: (
      <>
        <p>
          Creating a calendar costs a <strong>one-time fee of $20 per calendar</strong>, paid by card when you set the
          calendar up. There is no subscription and no other charge to the creator. A calendar becomes active, and its
          link starts to work, only once the fee payment has succeeded.
        </p>
        <p>
          Guests may pick any day from 28 days before the due date to 14 days after it. Only the creator can change the
          calendar’s settings, see the guests’ e-mail addresses and gift amounts, and announce the birth.
        </p>
        <p>
          The fee pays for running the calendar and is not refundable once the calendar is active, except where the law
          gives you a right to a refund. If a payment was taken twice or by mistake, write to us and we will refund it.
        </p>
      </>
    ),
  },
  {
    id: 'gifts',
    title: 'Gifts and where the money goes',
    body: (
      <>
        <p>
          Gifts are voluntary. A gift can be from $1 to $10,000 and is charged in US dollars; your card issuer may
          convert it and charge its own fees. <strong>Firstday takes no cut of gifts.</strong>
        </p>
        <p>
          Gifts are collected by our payment provider; Firstday does not hold them in its own accounts. When the creator
          announces the birth, the calendar closes to new guesses and gifts, and the total of all gifts is paid out to
          the bank account (IBAN) the creator entered. The creator must give a valid IBAN in their own name or in the
          name of the child’s parents, and is responsible for its accuracy.
        </p>
        <p>
          Firstday is not a bank, a savings product or an investment service. We do not pay interest and we do not
          manage the money after the payout. A gift is a gift from the guest to the family: once the payout has been
          made it cannot be reversed through Firstday. If you sent a gift by mistake, contact us as soon as possible and
          before the birth is announced.
        </p>
      </>
    ),
  },
  {
    id: 'not-gambling',
    title: 'Not a game of chance',
    body: (
      <>
        <p>
          Firstday is <strong>not a betting, gambling or lottery service</strong>. Guessing the birth day is a way to
          take part in the celebration. Nobody wins or loses money based on the chosen date, and there are no prizes or
          monetary rewards of any kind. A gift does not buy a better chance of anything.
        </p>
        <p>After the announcement the calendar may show whose guesses came closest. This is for fun only.</p>
      </>
    ),
  },
  {
    id: 'content',
    title: 'Wishes, messages and fair use',
    body: (
      <>
        <p>
          You keep the rights to the wishes, messages and names you write. You allow us to store and show them to run
          the calendar: to the creator, and on the public calendar as the creator’s settings allow.
        </p>
        <p>Please be kind. You must not use Firstday to:</p>
        <ul>
          <li>post content that is unlawful, hateful, harassing, sexual or that breaks someone else’s rights;</li>
          <li>collect money under false pretences, launder money or pay with a card that is not yours;</li>
          <li>send spam, attack the service, or try to reach calendars or data that are not yours.</li>
        </ul>
        <p>
          We may remove content, pause a calendar or close an account that breaks these rules, and we will tell the
          creator why unless the law stops us. Creators decide who receives their link and should share it only with
          people they trust.
        </p>
      </>
    ),
  },
  {
    id: 'liability',
    title: 'Availability, liability and ending your use',
    body: (
      <>
        <p>
          We work hard to keep Firstday available and secure, but we cannot promise that it will always be free of
          interruptions or errors. Payments are processed by our payment provider under its own terms.
        </p>
        <p>
          To the extent the law allows, Firstday is not liable for indirect or consequential losses, and our total
          liability to you is limited to the fees you paid us in the twelve months before the claim. Nothing in these
          terms limits liability that cannot be limited by law, or your rights as a consumer.
        </p>
        <p>
          You may delete your account from your account settings or by writing to us. A calendar that still holds gifts
          is closed first (its gifts paid out to you or refunded to the givers), and a payout or refunds under way are
          completed before the account is deleted. We may suspend or close an account that seriously or repeatedly
          breaks these terms.
        </p>
      </>
    ),
  },
  {
    id: 'changes',
    title: 'Changes, law and contact',
    body: (
      <>
        <p>
          We may update these terms when the service or the law changes. If a change matters to you, we will e-mail
          creators at least 30 days before it takes effect; the effective date at the top of this page always shows the
          current version.
        </p>
        <p>
          These terms are governed by the laws of the State of California, USA, without affecting the mandatory consumer
          protection of the country where you live.
        </p>
        <p>
          Contact: {SITE.name}, {SITE.address}. E-mail: <a href={`mailto:${SITE.supportEmail}`}>{SITE.supportEmail}</a>.
          Phone: <a href={SITE.phoneHref}>{SITE.phone}</a>.
        </p>
      </>
    ),
  },
];

export default function TermsPage() {
  return (
    <LegalDocument
      title="Terms and Conditions of Use"
      intro={
        <p>
          These terms explain how Firstday works, what it costs and what we expect from everyone who uses it. We have
          tried to write them in plain words.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
