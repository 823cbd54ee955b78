import { SITE } from '@firstday/common/site';
import type { Searchable } from './faq-search.ts';

export type FaqItem = Searchable & { id: string };

/** The twenty FAQ entries, in reading order. Plain text so the search can read them. */
export const FAQ_ITEMS: readonly FaqItem[] = [
  {
    id: 'what-is-firstday',
    question: 'What is Firstday?',
    answer:
      'Firstday is a birth calendar for the last weeks of pregnancy. The parents-to-be (or a friend on their behalf) create a calendar and share its link. Family and friends pick the day they think the baby will arrive, leave a warm wish and, if they like, send a money gift with a personal message. When the baby is born, the creator announces the birth, everyone who took part hears the news, and the gifts are paid out to the creator.',
  },
  {
    id: 'who-can-create',
    question: 'Who can create a calendar?',
    answer:
      'Anyone aged 18 or over: the expecting parents themselves, or a friend or relative who wants to surprise them. You need an e-mail address, the expected birth date and a bank account with an IBAN to receive the gifts.',
  },
  {
    id: 'not-savings',
    question: 'Is Firstday a savings or investment product?',
    answer:
      'No. Firstday is not a bank, a savings account or an investment product, and it pays no interest. It collects gifts for a short time and pays them out to the creator. What the family does with the money afterwards, for example starting savings for the child, is entirely their choice.',
  },
  {
    id: 'where-money-goes',
    question: 'Where does the money go?',
    answer:
      'Gifts are collected by our payment provider, not kept in a Firstday account. When the creator announces the birth, the total of all gifts is paid out to the bank account (IBAN) the creator entered when setting up the calendar.',
  },
  {
    id: 'who-can-contribute',
    question: 'Who can take part in a calendar?',
    answer:
      'Anyone who has the calendar’s link. The creator decides who gets it: grandparents, aunts and uncles, friends, colleagues. The link is long and random, so nobody can stumble upon a calendar by guessing its address.',
  },
  {
    id: 'no-account',
    question: 'Do I need an account to send a gift?',
    answer:
      'No. Guests only need the link. You enter your name and e-mail address, pick a day, write a wish and, if you want, add a gift. Only the person who creates the calendar needs an account.',
  },
  {
    id: 'cost',
    question: 'How much does Firstday cost?',
    answer:
      'Creating a calendar costs a one-time fee of $20, paid once per calendar. There is no subscription. We take no cut of the gifts: every dollar your guests give goes to the creator.',
  },
  {
    id: 'personal-message',
    question: 'Can I add a personal message to my gift?',
    answer:
      'Yes. Every guess comes with a wish for the family, and you can add a personal message to your gift. The creator sees all wishes and messages in their Wishes page; the public calendar shows the day and the wish.',
  },
  {
    id: 'payment-security',
    question: 'Is my payment secure?',
    answer:
      'Yes. Card payments are handled by our payment provider over an encrypted connection. Your full card number never reaches Firstday’s servers; we only keep the last 4 digits for your receipt. A payment that is sent twice by accident is never charged twice.',
  },
  {
    id: 'worldwide',
    question: 'Can I use Firstday from any country?',
    answer:
      'Yes, Firstday works worldwide. Guests can take part from any country with a card our payment provider accepts. Amounts are in US dollars; your bank may convert them to your currency. To receive the gifts, the creator needs a bank account with an IBAN.',
  },
  {
    id: 'backgrounds',
    question: 'Can I choose how my calendar looks?',
    answer:
      'Yes. Pick one of several background colours when you create the calendar: Pink Blossom (the default), Blue sky or Merry Sun. You can change it later in the calendar’s settings.',
  },
  {
    id: 'change-contribution',
    question: 'I made a mistake in my contribution. Can I change it?',
    answer: `Please contact our support team at ${SITE.supportEmail} with the calendar link, your name and what you would like to change, for example a wrong day or a typo in your wish. We will help as quickly as we can.`,
  },
  {
    id: 'announcement-emails',
    question: 'How will I know when the baby is born?',
    answer:
      'When the creator announces the birth, Firstday sends an e-mail to everyone who took part in the calendar, with the birth date and a thank-you message from the family. Please use an e-mail address you check, so you don’t miss it.',
  },
  {
    id: 'no-total',
    question: 'Can other people see how much was given?',
    answer:
      'Not unless the creator chooses so. The public calendar shows no fund total by default: the “Hide total” setting is on. The creator may switch it off to show the total raised. The amount each person gave is never shown publicly; only the creator sees it.',
  },
  {
    id: 'not-gambling',
    question: 'Is this a bet? Do I win something if I guess the right day?',
    answer:
      'No. Firstday is not a betting, gambling or lottery service. Nobody wins or loses money based on the chosen date, and there is no prize for a right guess. After the birth the calendar shows whose guesses came closest, just for fun.',
  },
  {
    id: 'guess-window',
    question: 'Which days can I pick?',
    answer:
      'Any day from 28 days before the due date to 14 days after it, 43 days in all. Several people may pick the same day.',
  },
  {
    id: 'gift-limits',
    question: 'How much can I give?',
    answer:
      'A gift is optional. If you send one, it can be from $1 to $10,000. You can choose $10, $25, $50 or $100 with one tap, or type your own amount.',
  },
  {
    id: 'hide-names',
    question: 'Can guests stay anonymous on the calendar?',
    answer:
      'The creator can turn on “Hide sender names”. The public calendar then shows initials or “A friend” instead of names. The creator always sees who sent each wish, so they can say thank you.',
  },
  {
    id: 'after-birth',
    question: 'What happens after the birth?',
    answer:
      'The creator announces the birth with the date and a thank-you message. The calendar then closes to new guesses and gifts, shows the closest guesses for fun, e-mails every participant once, and starts the payout of all gifts to the creator’s IBAN. We e-mail the creator when the payout has been sent.',
  },
  {
    id: 'contact-support',
    question: 'How can I contact Firstday?',
    answer: `Write to ${SITE.supportEmail} or call ${SITE.phone}. We’re happy to help with anything about calendars, gifts and payouts.`,
  },
];
