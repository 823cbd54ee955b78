import { SITE } from '@firstday/common/site';
import { Link } from 'react-router';
import type { CataloguesHandle } from '../i18n/namespaces.ts';
import type { LocalePrefixHandle } from '../i18n/request-locale.ts';
import type { Route } from './+types/privacy-page';
import { LegalDocument, type LegalSection } from './legal-document.tsx';
import { buildPageMeta } from './seo.ts';

export const handle: CataloguesHandle & LocalePrefixHandle = {
  catalogues: ['marketing', 'legal'],
  localeFromPath: true,
};
export const meta: Route.MetaFunction = () =>
  buildPageMeta({
    title: 'Privacy Policy – Firstday',
    description:
      'What personal data Firstday collects, why, how long we keep it, who we share it with, and how to use your rights.',
    path: '/privacy',
  });

const SUPPORT_LINK = <a href={`mailto:${SITE.supportEmail}`}>{SITE.supportEmail}</a>;

const SECTIONS: readonly LegalSection[] = [
  {
    id: 'who-we-are',
    title: 'Who we are',
    body: (
      <p>
        {SITE.name}, {SITE.address}, runs the Firstday birth calendar and is responsible for the personal data described
        in this policy. For any privacy question, write to {SUPPORT_LINK}.
      </p>
    ),
  },
  {
    id: 'data-we-collect',
    title: 'The data we collect',
    body: (
      <>
        <h3>If you create an account</h3>
        <ul>
          <li>
            Your name, e-mail address and password (stored only as a secure hash), or the identifier of the service you
            sign in with.
          </li>
          <li>
            Your calendars: name, expected birth date, background, privacy settings, the birth date and thank-you
            message you announce, and your bank account number (IBAN) for the payout.
          </li>
          <li>
            When you give the IBAN, the time, your IP address and your browser type, as the record that you accepted the
            payout terms. Your name, e-mail address and IBAN are passed to our payment provider, which holds the account
            your gifts are paid out from.
          </li>
        </ul>
        <h3>If you take part in a calendar</h3>
        <ul>
          <li>
            Your name, e-mail address, the day you pick, your wish and, if you send one, your gift amount and message.
          </li>
        </ul>
        <h3>When you pay</h3>
        <ul>
          <li>
            Card details are entered into and processed by our payment provider. We never receive your full card number;
            we keep only the <strong>last 4 digits</strong>, the card brand, the amount, the date and the payment
            status.
          </li>
        </ul>
        <h3>If you join the newsletter</h3>
        <ul>
          <li>Your e-mail address and the date you confirmed your subscription.</li>
        </ul>
        <h3>When you visit</h3>
        <ul>
          <li>
            Technical logs: IP address, browser type, pages requested and error reports, to keep the service secure.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'how-we-use',
    title: 'How we use your data',
    body: (
      <ul>
        <li>To run calendars: show guesses and wishes, take fees and gifts, and pay gifts out to the creator.</li>
        <li>
          To send the e-mails the service needs: address verification, password reset, receipts, new-wish notices to the
          creator, the birth announcement to every participant, and the payout confirmation.
        </li>
        <li>To send the newsletter, only if you subscribed and confirmed your address.</li>
        <li>To prevent fraud and abuse, keep the service secure and meet our legal duties.</li>
      </ul>
    ),
  },
  {
    id: 'legal-bases',
    title: 'Why we are allowed to use it',
    body: (
      <>
        <p>Where the law asks for a reason, we rely on:</p>
        <ul>
          <li>
            <strong>our agreement with you</strong>, to provide the calendar you create or take part in;
          </li>
          <li>
            <strong>your consent</strong>, for the newsletter; you can withdraw it at any time with the link in every
            e-mail;
          </li>
          <li>
            <strong>legal obligations</strong>, for keeping payment and tax records;
          </li>
          <li>
            <strong>legitimate interests</strong>, for security logs and fraud prevention.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'what-others-see',
    title: 'What others can see',
    body: (
      <>
        <p>
          Anyone with a calendar’s link can see the days picked and the wishes, with each guest’s name or, if the
          creator hides names, initials or “A friend”. The total raised is hidden by default; the creator may choose to
          show it.
          <strong> The amount of an individual gift is never shown publicly.</strong>
        </p>
        <p>
          The creator sees the names, e-mail addresses, wishes, messages and gift amounts of everyone who took part in
          their calendar, so they can say thank you.
        </p>
      </>
    ),
  },
  {
    id: 'sharing',
    title: 'Who we share data with',
    body: (
      <>
        <p>
          We <strong>do not sell</strong> personal data and we do not share it for advertising. We share it only with:
        </p>
        <ul>
          <li>our payment provider, to process fees and gifts and to make payouts;</li>
          <li>the companies that host our servers and deliver our e-mails, under contracts that protect your data;</li>
          <li>authorities, when the law requires it.</li>
        </ul>
        <p>
          Some of these providers may process data outside your country. When they do, we use safeguards the law
          recognises, such as standard contractual clauses.
        </p>
      </>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies',
    body: (
      <p>
        We use <strong>only one cookie: a session cookie</strong> that keeps you signed in. It is set when you log in
        and removed when you log out or the session expires. We use no advertising trackers and no third-party analytics
        cookies. Guests who take part without an account get no cookie from us.
      </p>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep data',
    body: (
      <ul>
        <li>
          <strong>Account data</strong> (including your calendars and the wishes in them): until you delete your
          account, or after <strong>3 years of inactivity</strong>, whichever comes first. A calendar that still holds
          gifts is closed first, and its payout or refunds are completed before the account is deleted.
        </li>
        <li>
          <strong>Transaction records</strong> (fees, gifts, refunds and payouts): <strong>7 years</strong>, as tax and
          accounting law requires; after you delete your account, without your name or e-mail address.
        </li>
        <li>
          <strong>Technical logs</strong>: <strong>12 months</strong>.
        </li>
        <li>
          <strong>Newsletter address</strong>: until you unsubscribe.
        </li>
      </ul>
    ),
  },
  {
    id: 'security',
    title: 'How we protect data',
    body: (
      <p>
        All traffic to Firstday is encrypted. Passwords are stored only as hashes, and bank account numbers are
        encrypted at rest and shown back only partly masked. Access to personal data is limited to the people who need
        it to run the service. If a breach ever put your data at risk, we would tell you and the authorities as the law
        requires.
      </p>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your rights',
    body: (
      <>
        <p>You can ask us at any time to:</p>
        <ul>
          <li>
            <strong>access</strong> the personal data we hold about you;
          </li>
          <li>
            <strong>correct</strong> data that is wrong or incomplete;
          </li>
          <li>
            <strong>delete</strong> your data, unless we must keep it by law (for example transaction records);
          </li>
          <li>
            <strong>export</strong> your data in a common, machine-readable format.
          </li>
        </ul>
        <p>
          You may also object to some uses and withdraw consent. Write to {SUPPORT_LINK} from the e-mail address we
          know; we answer within 30 days. You also have the right to complain to your data protection authority.
        </p>
      </>
    ),
  },
  {
    id: 'children',
    title: 'Children',
    body: (
      <p>
        Firstday is meant for adults: you must be 18 or older to use it (see our{' '}
        <Link to="/terms">Terms and Conditions of Use</Link>). We do not knowingly collect data from children. The only
        details about the baby are those the creator enters, such as the expected and actual birth date.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy and contact',
    body: (
      <p>
        When we change this policy we update the effective date at the top of this page, and we e-mail account holders
        before any important change takes effect. Questions or requests: {SUPPORT_LINK}, or by post to {SITE.name},{' '}
        {SITE.address}.
      </p>
    ),
  },
];

export default function PrivacyPage() {
  return (
    <LegalDocument
      title="Privacy Policy"
      intro={
        <p>
          This policy explains what personal data Firstday collects when you create a calendar, take part in one or join
          our newsletter, why we need it, how long we keep it and what you can ask us to do with it.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
