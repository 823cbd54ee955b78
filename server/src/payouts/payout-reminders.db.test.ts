import { SANDBOX_ONBOARDING_TEST_VALUES as VALUES } from '@firstday/common/payouts';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.ts';
import { createActiveCalendar } from '../../test/test-contributions.ts';
import { sendJson } from '../../test/test-users.ts';
import { calendars } from '../calendars/schema.ts';
import { mailOutbox } from '../lib/mail/schema.ts';
import { ensurePayoutRecipient } from '../payments/payout-recipients.ts';
import { sendPayoutReadinessMails } from './payout-reminders.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

function mailsOf(calendarId: string) {
  return t.db
    .select({ dedupeKey: mailOutbox.dedupeKey, subject: mailOutbox.subject, text: mailOutbox.text })
    .from(mailOutbox)
    .where(like(mailOutbox.dedupeKey, `payout-%:${calendarId}:%`));
}

describe('the payout readiness e-mails', () => {
  it('tell the parents once what the provider needs, remind them before the due date, and stop once confirmed', async () => {
    const { calendar, cookie } = await createActiveCalendar(t);
    const account = await ensurePayoutRecipient(t.context, calendar);
    const now = new Date('2029-12-01T10:00:00Z');

    await sendPayoutReadinessMails(t.context, now);
    await sendPayoutReadinessMails(t.context, now);
    const first = await mailsOf(calendar.id);
    expect(first).toHaveLength(1);
    expect(first[0]!.subject).toBe('Confirm your identity to receive the gifts on “Baby Rose”');
    expect(first[0]!.text).toContain('your date of birth, your home address, your ID number');
    expect(first[0]!.text).toContain(`/my_calendars/${calendar.id}`);

    // The due date (2030-01-15) is two weeks away: one reminder.
    const nearDue = new Date('2030-01-02T10:00:00Z');
    await sendPayoutReadinessMails(t.context, nearDue);
    await sendPayoutReadinessMails(t.context, nearDue);
    const second = await mailsOf(calendar.id);
    expect(second).toHaveLength(2);
    expect(second.map((mail) => mail.subject)).toContain(
      'Reminder: confirm your identity before the birth, for “Baby Rose”',
    );

    // Confirmed on the onboarding page: nothing more is sent.
    const body = {
      step: 'details',
      account,
      dateOfBirth: VALUES.passingDateOfBirth,
      addressLine1: 'address_full_match',
      postalCode: '10115',
      city: 'Berlin',
      idNumber: VALUES.passingIdNumber,
    };
    expect((await sendJson(t, 'POST', '/api/payouts/sandbox-onboarding', body, cookie)).status).toBe(200);
    await sendPayoutReadinessMails(t.context, nearDue);
    expect(await mailsOf(calendar.id)).toHaveLength(2);
  });

  it('tells a rejected parent to write to support', async () => {
    const { calendar } = await createActiveCalendar(t);
    await ensurePayoutRecipient(t.context, calendar);
    await t.db
      .update(calendars)
      .set({
        payoutRecipientPayoutsEnabled: false,
        payoutRecipientRequirements: [],
        payoutRecipientDisabledReason: 'rejected.other',
      })
      .where(eq(calendars.id, calendar.id));
    await sendPayoutReadinessMails(t.context, new Date('2029-12-01T10:00:00Z'));
    const [mail] = await mailsOf(calendar.id);
    expect(mail).toMatchObject({ subject: 'We cannot pay out the gifts on “Baby Rose”' });
    expect(mail!.dedupeKey).toMatch(/^payout-rejected:/);
  });
});
