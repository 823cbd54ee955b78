import { SITE } from '@firstday/common/site';
import { describe, expect, it } from 'vitest';
import { escapeHtml } from '../lib/escape-html.ts';
import * as account from './account.ts';
import * as announcements from './announcements.ts';
import * as auth from './auth.ts';
import * as contributions from './contributions.ts';
import { quoteInSubject, SUBJECT_TEXT_MAX_LENGTH } from './formatting.ts';
import { type Email, HEADER_IMAGE_PATH, LOGO_PATH } from './layout.ts';
import * as newsletter from './newsletter.ts';
import * as payments from './payments.ts';
import * as support from './support.ts';
import * as thankYous from './thank-yous.ts';

const appUrl = 'https://firstday.test';
const unsubscribeUrl = `${appUrl}/api/mail/unsubscribe?token=abc.def`;
const calendar = {
  title: 'Baby <Rose>',
  slug: 'AbCdEfGhIj',
  firstName: 'Anna',
  background: 'blue' as const,
  currency: 'usd' as const,
};

/**
 * One sample per template, and whether it is non-transactional (has an unsubscribe link). Keyed
 * by export name: a template added to a module without a sample here fails the first test.
 */
const samples: Record<string, { render: () => Promise<Email>; unsubscribe: boolean }> = {
  createExistingSignUpEmail: {
    render: () => auth.createExistingSignUpEmail({ appUrl, locale: 'en', name: 'Ada' }),
    unsubscribe: false,
  },
  createPasswordResetEmail: {
    render: () =>
      auth.createPasswordResetEmail({
        appUrl,
        locale: 'en',
        name: 'Ada',
        resetUrl: `${appUrl}/resetpassword?oobCode=x`,
      }),
    unsubscribe: false,
  },
  createVerificationEmail: {
    render: () =>
      auth.createVerificationEmail({
        appUrl,
        locale: 'en',
        name: 'Ada',
        verifyUrl: `${appUrl}/api/auth/verify?token=x`,
      }),
    unsubscribe: false,
  },
  createPayoutIbanChangedEmail: {
    render: () =>
      account.createPayoutIbanChangedEmail({
        appUrl,
        locale: 'en',
        name: 'Ada',
        previousMasked: 'DE89 •••• •••• •••• 3000',
        newMasked: 'GB29 •••• •••• •••• 6819',
        changedAt: new Date('2026-05-04T12:00:00Z'),
      }),
    unsubscribe: false,
  },
  createInactivityWarningEmail: {
    render: () => account.createInactivityWarningEmail(inactivityWarning('en')),
    unsubscribe: false,
  },
  createNewsletterConfirmationEmail: {
    render: () =>
      newsletter.createNewsletterConfirmationEmail({
        appUrl,
        locale: 'en',
        confirmUrl: `${appUrl}/api/emails/confirm?token=x`,
        unsubscribeUrl,
      }),
    unsubscribe: true,
  },
  createSupportRequestEmail: {
    render: () =>
      support.createSupportRequestEmail({
        appUrl,
        from: { name: 'Ada', email: 'ada@example.com' },
        about: 'No calendar',
        message: 'Hello <there>',
      }),
    unsubscribe: false,
  },
  createSupportReceivedEmail: {
    render: () => support.createSupportReceivedEmail({ appUrl, locale: 'en', name: 'Ada', message: 'Hello <there>' }),
    unsubscribe: false,
  },
  createFeeReceiptEmail: {
    render: () =>
      payments.createFeeReceiptEmail({
        appUrl,
        locale: 'en',
        name: 'Ada',
        calendar,
        amount: 2000,
        paidAt: new Date('2026-05-04T12:00:00Z'),
        paidWith: 'card ending in 4242',
        standardFee: true,
      }),
    unsubscribe: false,
  },
  createGiftRefundEmail: {
    render: () =>
      payments.createGiftRefundEmail({
        appUrl,
        locale: 'en',
        name: 'Tom',
        amount: 3500,
        currency: 'usd',
        reason: { kind: 'late' },
      }),
    unsubscribe: false,
  },
  createEndReminderEmail: {
    render: () =>
      announcements.createEndReminderEmail({
        appUrl,
        locale: 'en',
        name: 'Ada',
        calendar: { id: 'c0ffee00-0000-4000-8000-000000000000', title: 'Baby Rose', background: 'pink' },
        endsOn: new Date('2030-03-05T00:00:00Z'),
        reason: 'due_date',
        holdingLimitDays: 90,
        gifts: 'pay_out',
      }),
    unsubscribe: false,
  },
  createPayoutOutcomeEmail: {
    render: () =>
      payments.createPayoutOutcomeEmail({
        appUrl,
        locale: 'en',
        name: 'Ada',
        calendar,
        payout: { status: 'paid', amount: 3500, failureReason: null },
      }),
    unsubscribe: false,
  },
  createContributionReceiptEmail: {
    render: () =>
      contributions.createContributionReceiptEmail({
        appUrl,
        locale: 'en',
        name: 'Tom',
        calendar,
        guessedDate: '2030-01-10',
        wish: 'All the <best>',
        gift: { amount: 3500, paidWith: 'Apple Pay', paidOn: '2029-12-20' },
        editUrl: `${appUrl}/c/AbCdEfGhIj/edit/1?token=x`,
      }),
    unsubscribe: false,
  },
  createWishDigestEmail: {
    render: () =>
      contributions.createWishDigestEmail({
        appUrl,
        locale: 'en',
        name: 'Ada',
        calendar,
        wishes: [{ name: 'Tom', guessedDate: '2030-01-10', wish: 'All the <best>' }],
        unsubscribeUrl,
      }),
    unsubscribe: true,
  },
  createGiftNotificationEmail: {
    render: () =>
      contributions.createGiftNotificationEmail({
        appUrl,
        locale: 'en',
        name: 'Ada',
        calendar,
        gift: { senderName: 'Tom', amount: 3500, guessedDate: '2030-01-10', wish: 'All the <best>' },
        unsubscribeUrl,
      }),
    unsubscribe: true,
  },
  createDeclineBurstEmail: {
    render: () => contributions.createDeclineBurstEmail({ appUrl, locale: 'en', name: 'Ada', calendar, declines: 12 }),
    unsubscribe: false,
  },
  createCelebrationEmail: {
    render: () =>
      announcements.createCelebrationEmail({
        appUrl,
        locale: 'en',
        calendar,
        birthDate: '2030-01-12',
        thankYouMessage: 'Thank you <3',
        babyName: 'Mia <Rose>',
        birthTimeMinutes: 945,
        birthWeightGrams: 3450,
        babyImageId: null,
        unsubscribeUrl,
      }),
    unsubscribe: true,
  },
  createClosedNoticeEmail: {
    render: () =>
      announcements.createClosedNoticeEmail({ appUrl, locale: 'en', calendar, noticeMessage: null, unsubscribeUrl }),
    unsubscribe: true,
  },
  createClosingConfirmationEmail: {
    render: () =>
      announcements.createClosingConfirmationEmail({
        appUrl,
        locale: 'en',
        name: 'Ada',
        calendar,
        birthDate: '2030-01-12',
        payout: { amount: 3500, status: 'pending' },
        refundCount: 0,
        participantMails: 3,
      }),
    unsubscribe: false,
  },
  createThankYouNoteEmail: {
    render: () =>
      thankYous.createThankYouNoteEmail({
        appUrl,
        locale: 'en',
        calendar,
        name: 'Tom',
        message: 'Dear Tom, thank you <3',
        babyName: 'Rose',
        babyImageUrl: `${appUrl}/images/0b6c2a4e-7f1d-4c55-9a53-3f8a1c2d9e10/640.jpg`,
        unsubscribeUrl,
      }),
    unsubscribe: true,
  },
};

function inactivityWarning(locale: 'en' | 'de' | 'ru') {
  return {
    appUrl,
    locale,
    name: 'Ada',
    email: 'ada@example.com',
    inactiveYears: 3,
    deletionDate: new Date('2030-06-14T12:00:00Z'),
    daysLeft: 30,
  };
}

const templateModules = [account, announcements, auth, contributions, newsletter, payments, support, thankYous];

describe('e-mail templates', () => {
  it('has a sample for every template', () => {
    const templates = templateModules.flatMap((module) =>
      Object.keys(module).filter((name) => /^create\w+Email$/.test(name)),
    );
    expect(templates.sort()).toEqual(Object.keys(samples).sort());
  });

  describe.each(Object.entries(samples))('%s', (_name, sample) => {
    it('renders HTML and text in the layout: logo, header image, footer with address and support', async () => {
      const email = await sample.render();
      expect(email.subject.length).toBeGreaterThan(0);
      expect(email.html).toMatch(/^<!doctype html>/i);
      expect(email.html).toContain(`src="${appUrl}${LOGO_PATH}"`);
      expect(email.html).toContain(`src="${appUrl}${HEADER_IMAGE_PATH}"`);
      expect(email.html).toContain(escapeHtml(SITE.address));
      expect(email.html).toContain(`mailto:${SITE.supportEmail}`);
      expect(email.html).not.toMatch(/\{\{\w+\}\}/);
      expect(email.text).toContain(SITE.address);
      expect(email.text).toContain(SITE.supportEmail);
      expect(email.text).not.toMatch(/<(p|a|h1|table|img)\b/);
    });

    it(
      sample.unsubscribe ? 'links to unsubscribe, in the body and the headers' : 'has no unsubscribe link',
      async () => {
        const email = await sample.render();
        if (sample.unsubscribe) {
          expect(email.html).toContain(`href="${escapeHtml(unsubscribeUrl)}"`);
          expect(email.text).toContain(`Unsubscribe: ${unsubscribeUrl}`);
          expect(email.headers).toEqual({
            'List-Unsubscribe': `<${unsubscribeUrl}>`,
            'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          });
        } else {
          expect(email.html).not.toContain('Unsubscribe');
          expect(email.text).not.toContain('Unsubscribe');
          expect(email.headers).toBeUndefined();
        }
      },
    );
  });
});

describe('the inactivity warning', () => {
  it.each([
    ['en', 'Your Firstday account will be deleted on June 14, 2030', 'for almost 3 years', 'once, 30 days before'],
    ['de', 'Ihr Firstday-Konto wird am 14. Juni 2030 gelöscht', 'Seit fast 3 Jahren', '30 Tage bevor'],
    ['ru', 'Ваш аккаунт Firstday будет удалён 14 июня 2030 г.', 'почти 3 года', 'за 30 дней'],
  ] as const)('%s: names the date, the years unused and the warning period', async (locale, subject, years, footer) => {
    const email = await account.createInactivityWarningEmail(inactivityWarning(locale));
    expect(email.subject).toBe(subject);
    expect(email.text).toContain(years);
    expect(email.text).toContain('ada@example.com');
    expect(email.text).toContain(footer);
    expect(email.text).toContain(`${appUrl}/login`);
  });
});

describe("the baby's details in the celebration", () => {
  it('shows the name, the time and the weight in both units, in HTML (escaped) and text', async () => {
    const email = await announcements.createCelebrationEmail({
      appUrl,
      locale: 'en',
      calendar,
      birthDate: '2030-01-12',
      thankYouMessage: 'Thank you',
      babyName: 'Mia <Rose>',
      birthTimeMinutes: 945,
      birthWeightGrams: 3450,
      babyImageId: '0b6c2a4e-7f1d-4c55-9a53-3f8a1c2d9e10',
      unsubscribeUrl,
    });
    expect(email.text).toContain('Welcome, Mia <Rose>! Born at 3:45 PM, weighing 3,450 g (7 lb 10 oz).');
    // The baby's photo, as a JPEG at the address the image route serves.
    expect(email.html).toContain(`src="${appUrl}/images/0b6c2a4e-7f1d-4c55-9a53-3f8a1c2d9e10/640.jpg"`);
    expect(email.html).toContain('alt="Mia &#60;Rose&#62;"');
    expect(email.html).toContain('Welcome, Mia &#60;Rose&#62;! Born at 3:45 PM, weighing 3,450 g (7 lb 10 oz).');
  });

  it('repeats the details in the parents’ own confirmation', async () => {
    const email = await announcements.createClosingConfirmationEmail({
      appUrl,
      locale: 'en',
      name: 'Ada',
      calendar,
      birthDate: '2030-01-12',
      payout: { amount: 3500, status: 'pending' },
      refundCount: 0,
      participantMails: 3,
      baby: { babyName: 'Mia', birthTimeMinutes: 945 },
    });
    expect(email.text).toContain('Welcome, Mia! Born at 3:45 PM.');
  });

  it('says only what was given, and nothing without details', () => {
    expect(announcements.describeBaby({ birthWeightGrams: 3450 })).toBe('Weighing 3,450 g (7 lb 10 oz).');
    expect(announcements.describeBaby({ babyName: 'Mia' })).toBe('Welcome, Mia!');
    expect(announcements.describeBaby({ birthTimeMinutes: 0 })).toBe('Born at 12:00 AM.');
    expect(announcements.describeBaby({})).toBeNull();
  });
});

describe('user text in a subject', () => {
  it("is quoted in the language's marks", () => {
    expect(quoteInSubject('Tom Baker', 'en')).toBe('“Tom Baker”');
    expect(quoteInSubject('Tom Baker', 'de')).toBe('„Tom Baker“');
    expect(quoteInSubject('Tom Baker', 'ru')).toBe('«Tom Baker»');
  });

  it('loses line breaks, controls, bidi and zero-width characters, and runs of spaces', () => {
    expect(quoteInSubject('Tom\r\nBcc: victim@example.com', 'en')).toBe('“Tom Bcc: victim@example.com”');
    expect(quoteInSubject('Tom\u2028\u2029\tBaker\u0085!', 'en')).toBe('“Tom Baker !”');
    // 'Tom sent $5' drawn right to left by an override, and the same with isolates and embeddings.
    expect(quoteInSubject('\u202E5$ tnes moT\u202C', 'en')).toBe('“5$ tnes moT”');
    expect(quoteInSubject('\u2066Tom\u2069\u2067x\u2069\u2068y\u2069\u202A\u202B\u202Dz', 'en')).toBe('“Tomxyz”');
    expect(quoteInSubject('T\u200Bo\u200C\u200Dm\u2060\uFEFF\u00AD\u200E\u200F', 'en')).toBe('“Tom”');
    expect(quoteInSubject('  Tom \u00A0\u3000 \u3164\u2800 Baker  ', 'en')).toBe('“Tom Baker”');
  });

  it('turns double quotes inside into single ones, so the quote cannot be closed early', () => {
    expect(quoteInSubject('Tom” sent $1,000 and a wish on “Rose', 'en')).toBe("“Tom' sent $1,000 and a wish on 'Rose”");
    expect(quoteInSubject('„Mia“ «Lu» "Bo"', 'de')).toBe("„'Mia' 'Lu' 'Bo'“");
    expect(quoteInSubject("Tom O'Brien", 'en')).toBe("“Tom O'Brien”");
  });

  it('is cut to a readable length without splitting a character', () => {
    const long = quoteInSubject('a'.repeat(200), 'en');
    expect(long).toBe(`“${'a'.repeat(SUBJECT_TEXT_MAX_LENGTH - 1)}…”`);
    const flags = quoteInSubject('🇩🇪'.repeat(100), 'en');
    expect(flags).toBe(`“${'🇩🇪'.repeat(SUBJECT_TEXT_MAX_LENGTH - 1)}…”`);
    expect(quoteInSubject('b'.repeat(SUBJECT_TEXT_MAX_LENGTH), 'en')).toBe(`“${'b'.repeat(SUBJECT_TEXT_MAX_LENGTH)}”`);
  });

  it("is how every subject shows a guest's name or a calendar's title", async () => {
    const sneaky = { ...calendar, title: 'Rose\n\u202Eevil', firstName: 'An\u200Bna\r\nX' };
    const gift = await contributions.createGiftNotificationEmail({
      appUrl,
      locale: 'en',
      name: 'Ada',
      calendar: sneaky,
      gift: { senderName: 'Tom\r\n\u2066Bcc\u2069', amount: 3500, guessedDate: '2030-01-10', wish: 'Hi' },
      unsubscribeUrl,
    });
    expect(gift.subject).toBe('“Tom Bcc” sent $35.00 and a wish on “Rose evil”');
    const subjects = await Promise.all([
      contributions.createWishDigestEmail({
        appUrl,
        locale: 'en',
        name: 'Ada',
        calendar: sneaky,
        wishes: [{ name: 'G', guessedDate: '2030-01-10', wish: 'Hi' }],
        unsubscribeUrl,
      }),
      contributions.createDeclineBurstEmail({ appUrl, locale: 'en', name: 'Ada', calendar: sneaky, declines: 9 }),
      announcements.createCelebrationEmail({
        appUrl,
        locale: 'en',
        calendar: sneaky,
        birthDate: '2030-01-12',
        thankYouMessage: 'Thank you',
        babyImageId: null,
        unsubscribeUrl,
      }),
      announcements.createClosedNoticeEmail({
        appUrl,
        locale: 'en',
        calendar: sneaky,
        noticeMessage: null,
        unsubscribeUrl,
      }),
      thankYous.createThankYouNoteEmail({
        appUrl,
        locale: 'en',
        calendar: sneaky,
        name: 'Tom',
        message: 'Thanks',
        babyName: null,
        babyImageUrl: null,
        unsubscribeUrl,
      }),
      support.createSupportRequestEmail({
        appUrl,
        from: { name: 'Eve\r\nBcc: x@example.com', email: 'eve@example.com' },
        about: 'other',
        message: 'Hi',
      }),
    ]).then((emails) => emails.map((email) => email.subject));
    expect(subjects).toEqual([
      'A new wish on “Rose evil”',
      'Someone is trying stolen cards on “Rose evil”',
      'The baby is here! News from “Rose evil”',
      '“Rose evil” is closed',
      'A thank-you note from “Anna X”',
      'Support request from “Eve Bcc: x@example.com”',
    ]);
    for (const subject of subjects) expect(subject).not.toMatch(/[\r\n\u200B\u202A-\u202E\u2066-\u2069]/);
  });
});

describe('the layout', () => {
  it('escapes what people wrote, in HTML only, and never reads it as a slot', async () => {
    const email = await contributions.createGiftNotificationEmail({
      appUrl,
      locale: 'en',
      name: 'Ada',
      calendar,
      gift: { senderName: 'Tom {{footer}}', amount: 3500, guessedDate: '2030-01-10', wish: '<b>Hi</b> & {{body}}' },
      unsubscribeUrl,
    });
    expect(email.html).toContain('&#60;b&#62;Hi&#60;/b&#62; &#38; {{body}}');
    expect(email.html).toContain('Tom {{footer}} sent $35.00 and a wish');
    expect(email.html).not.toContain('<b>Hi</b>');
    expect(email.text).toContain('“<b>Hi</b> & {{body}}”');
    expect(email.subject).toBe('“Tom {{footer}}” sent $35.00 and a wish on “Baby <Rose>”');
  });

  it("paints the page in the calendar's background colour, pink by default", async () => {
    const blue = await payments.createPayoutOutcomeEmail({
      appUrl,
      locale: 'en',
      name: 'Ada',
      calendar,
      payout: { status: 'failed', amount: 3500, failureReason: 'account closed' },
    });
    const sun = await payments.createPayoutOutcomeEmail({
      appUrl,
      locale: 'en',
      name: 'Ada',
      calendar: { ...calendar, background: 'sun' },
      payout: { status: 'failed', amount: 3500, failureReason: 'account closed' },
    });
    const plain = await auth.createExistingSignUpEmail({ appUrl, locale: 'en', name: 'Ada' });
    expect(blue.html).toContain('background-color:#dcedf9');
    expect(sun.html).toContain('background-color:#fff0c2');
    expect(plain.html).toContain('background-color:#fde3ea');
  });

  it('has one clear button with the action, and the same link in the text', async () => {
    const email = await auth.createPasswordResetEmail({
      appUrl,
      locale: 'en',
      name: 'Ada',
      resetUrl: `${appUrl}/resetpassword?oobCode=a&b`,
    });
    expect(email.html).toContain(`href="${appUrl}/resetpassword?oobCode=a&#38;b"`);
    expect(email.html.match(/>\s*Reset my password\s*</g)).toHaveLength(1);
    expect(email.text).toContain(`Reset my password: ${appUrl}/resetpassword?oobCode=a&b`);
  });

  it("links the celebration to the keepsake's public part, in HTML and text", async () => {
    const email = await announcements.createCelebrationEmail({
      appUrl,
      locale: 'en',
      calendar,
      birthDate: '2030-01-12',
      thankYouMessage: 'Thank you',
      babyImageId: null,
      unsubscribeUrl,
    });
    expect(email.html).toContain(`href="${appUrl}/c/${calendar.slug}/keepsake"`);
    expect(email.html).toMatch(/>Read the keepsake</);
    expect(email.text).toContain(`Read the keepsake: ${appUrl}/c/${calendar.slug}/keepsake`);
    expect(email.text).toContain(`See the calendar: ${appUrl}/c/${calendar.slug}`);
  });
});

describe('the thank-you note', () => {
  const imageUrl = `${appUrl}/images/0b6c2a4e-7f1d-4c55-9a53-3f8a1c2d9e10/640.jpg`;
  const note = {
    appUrl,
    locale: 'en' as const,
    calendar: { ...calendar, background: 'sun' as const },
    name: 'Tom',
    message: 'Dear Tom,\n\nthank you for your $35 gift & your <lovely> wish.',
    unsubscribeUrl,
  };

  it("carries the owner's note, the baby's name and photo, in the calendar's colour", async () => {
    const email = await thankYous.createThankYouNoteEmail({ ...note, babyName: 'Rose', babyImageUrl: imageUrl });
    expect(email.subject).toBe('A thank-you note from “Anna”');
    expect(email.html).toContain('background-color:#fff0c2');
    expect(email.html).toContain(`src="${imageUrl}"`);
    expect(email.html).toContain('alt="Rose, the new baby"');
    expect(email.html).toContain('Thank you from Anna and Rose');
    expect(email.html).toContain('<p style="margin:0 0 16px">Dear Tom,</p>');
    expect(email.html).toContain('thank you for your $35 gift &#38; your &#60;lovely&#62; wish.');
    expect(email.text).toContain('Dear Tom,\n\nthank you for your $35 gift & your <lovely> wish.');
    expect(email.text).toContain('Thank you from Anna and Rose');
    expect(email.text).toContain(`See the calendar: ${appUrl}/c/AbCdEfGhIj`);
  });

  it('has no image and a plain heading without a photo or a name', async () => {
    const email = await thankYous.createThankYouNoteEmail({ ...note, babyName: null, babyImageUrl: null });
    expect(email.html).not.toContain('/images/');
    expect(email.html.match(/<img\b/g)).toHaveLength(2);
    expect(email.html).toContain('Thank you!');
  });

  it("signs a note '— Anna' once: not when the parents signed it themselves", async () => {
    const signed = await thankYous.createThankYouNoteEmail({
      ...note,
      message: 'Dear Tom,\n\nthank you for your wish.\n\nWith love, Anna & Tom',
      babyName: null,
      babyImageUrl: null,
    });
    expect(signed.text).toContain('With love, Anna & Tom');
    expect(signed.text).not.toContain('— Anna');
    const unsigned = await thankYous.createThankYouNoteEmail({ ...note, babyName: null, babyImageUrl: null });
    expect(unsigned.text).toContain('— Anna');
  });

  it('recognises a sign-off in each language, and not a sentence', () => {
    const signedOff = [
      ['With love,', 'Anna & Tom'],
      ['Thank you!', '— Anna'],
      ['Danke!', 'Liebe Grüße, Anna und Tom'],
      ['Спасибо!', 'С любовью, Анна'],
      ['Thank you!', 'Hugs from the three of us'],
    ];
    for (const paragraphs of signedOff) expect(thankYous.endsWithSignOff(paragraphs, 'Anna'), paragraphs[1]).toBe(true);
    const unsigned = [
      ['Dear Tom,', 'thank you for your lovely wish. It means the world to us.'],
      ['Dear Tom,', 'Anna still smiles when she reads your wish.'],
      ['Lovely to hear from you'],
      [],
    ];
    for (const paragraphs of unsigned) expect(thankYous.endsWithSignOff(paragraphs, 'Anna'), paragraphs[1]).toBe(false);
  });
});

describe('the other languages', () => {
  const nbsp = (text: string) => text.replace(/\u00a0/g, ' ');

  it("writes the baby's details with each language's time, numbers and units", () => {
    const baby = { babyName: 'Mia', birthTimeMinutes: 945, birthWeightGrams: 3450 };
    expect(announcements.describeBaby(baby, 'de')).toBe('Willkommen, Mia! Geboren um 15:45 Uhr, 3.450 g schwer.');
    expect(nbsp(announcements.describeBaby(baby, 'ru') ?? '')).toBe(
      'Добро пожаловать, Mia! Время рождения — 15:45, вес — 3 450 г.',
    );
  });

  it('translates the layout: the lang attribute, the questions line and the unsubscribe link', async () => {
    const email = await contributions.createGiftNotificationEmail({
      appUrl,
      locale: 'de',
      name: 'Ada',
      calendar: { ...calendar, currency: 'eur' },
      gift: { senderName: 'Tom', amount: 2500, guessedDate: '2030-01-10', wish: 'Alles Gute' },
      unsubscribeUrl,
    });
    expect(nbsp(email.subject)).toBe('„Tom“ hat 25,00 € und einen Wunsch an „Baby <Rose>“ geschickt');
    expect(email.html).toContain('<html lang="de"');
    expect(email.html).toContain(`Fragen? Schreiben Sie an <a href="mailto:${SITE.supportEmail}"`);
    expect(email.html).toContain('>Abmelden</a>');
    expect(email.html).not.toContain('Unsubscribe');
    expect(email.text).toContain(`Abmelden: ${unsubscribeUrl}`);
  });

  it('counts with the plural forms of each language', async () => {
    const wishes = (count: number) =>
      Array.from({ length: count }, (_, index) => ({ name: `Guest ${index}`, guessedDate: '2030-01-10', wish: 'Hi' }));
    const digest = (locale: 'de' | 'ru', count: number) =>
      contributions.createWishDigestEmail({
        appUrl,
        locale,
        name: 'Ada',
        calendar,
        wishes: wishes(count),
        unsubscribeUrl,
      });
    expect((await digest('de', 1)).subject).toBe('Ein neuer Wunsch in „Baby <Rose>“');
    expect((await digest('de', 3)).subject).toBe('3 neue Wünsche in „Baby <Rose>“');
    expect((await digest('ru', 1)).subject).toBe('Новое пожелание в календаре «Baby <Rose>»');
    expect((await digest('ru', 3)).subject).toBe('3 новых пожелания в календаре «Baby <Rose>»');
    expect((await digest('ru', 5)).subject).toBe('5 новых пожеланий в календаре «Baby <Rose>»');
    expect((await digest('ru', 21)).subject).toBe('21 новое пожелание в календаре «Baby <Rose>»');
  });
});
