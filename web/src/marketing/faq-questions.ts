import type { MessageId } from '../i18n/namespaces.ts';
import { messageId } from '../i18n/use-t.tsx';

export type FaqEntry = { id: string; question: MessageId; answer: MessageId };

/**
 * The twenty FAQ entries, in reading order, as catalogue keys (faq namespace). The page translates
 * them into plain text, so the search reads the visitor's language. Answers may use `{email}`,
 * `{phone}` and `{fee}` (the creation fee in the visitor's currency).
 */
export const FAQ_ENTRIES: readonly FaqEntry[] = [
  {
    id: 'what-is-firstday',
    question: messageId('faq.items.whatIsFirstday.question'),
    answer: messageId('faq.items.whatIsFirstday.answer'),
  },
  {
    id: 'who-can-create',
    question: messageId('faq.items.whoCanCreate.question'),
    answer: messageId('faq.items.whoCanCreate.answer'),
  },
  {
    id: 'not-savings',
    question: messageId('faq.items.notSavings.question'),
    answer: messageId('faq.items.notSavings.answer'),
  },
  {
    id: 'where-money-goes',
    question: messageId('faq.items.whereMoneyGoes.question'),
    answer: messageId('faq.items.whereMoneyGoes.answer'),
  },
  {
    id: 'identity-check',
    question: messageId('faq.items.identityCheck.question'),
    answer: messageId('faq.items.identityCheck.answer'),
  },
  {
    id: 'who-can-contribute',
    question: messageId('faq.items.whoCanContribute.question'),
    answer: messageId('faq.items.whoCanContribute.answer'),
  },
  {
    id: 'no-account',
    question: messageId('faq.items.noAccount.question'),
    answer: messageId('faq.items.noAccount.answer'),
  },
  {
    id: 'cost',
    question: messageId('faq.items.cost.question'),
    answer: messageId('faq.items.cost.answer'),
  },
  {
    id: 'personal-message',
    question: messageId('faq.items.personalMessage.question'),
    answer: messageId('faq.items.personalMessage.answer'),
  },
  {
    id: 'payment-security',
    question: messageId('faq.items.paymentSecurity.question'),
    answer: messageId('faq.items.paymentSecurity.answer'),
  },
  {
    id: 'worldwide',
    question: messageId('faq.items.worldwide.question'),
    answer: messageId('faq.items.worldwide.answer'),
  },
  {
    id: 'backgrounds',
    question: messageId('faq.items.backgrounds.question'),
    answer: messageId('faq.items.backgrounds.answer'),
  },
  {
    id: 'change-contribution',
    question: messageId('faq.items.changeContribution.question'),
    answer: messageId('faq.items.changeContribution.answer'),
  },
  {
    id: 'announcement-emails',
    question: messageId('faq.items.announcementEmails.question'),
    answer: messageId('faq.items.announcementEmails.answer'),
  },
  {
    id: 'no-total',
    question: messageId('faq.items.noTotal.question'),
    answer: messageId('faq.items.noTotal.answer'),
  },
  {
    id: 'not-gambling',
    question: messageId('faq.items.notGambling.question'),
    answer: messageId('faq.items.notGambling.answer'),
  },
  {
    id: 'guess-window',
    question: messageId('faq.items.guessWindow.question'),
    answer: messageId('faq.items.guessWindow.answer'),
  },
  {
    id: 'gift-limits',
    question: messageId('faq.items.giftLimits.question'),
    answer: messageId('faq.items.giftLimits.answer'),
  },
  {
    id: 'hide-names',
    question: messageId('faq.items.hideNames.question'),
    answer: messageId('faq.items.hideNames.answer'),
  },
  {
    id: 'after-birth',
    question: messageId('faq.items.afterBirth.question'),
    answer: messageId('faq.items.afterBirth.answer'),
  },
  {
    id: 'contact-support',
    question: messageId('faq.items.contactSupport.question'),
    answer: messageId('faq.items.contactSupport.answer'),
  },
];
