import { describePayoutNeeds } from '@firstday/common/payouts';
import { describe, expect, it } from 'vitest';
import type { CalendarRow } from '../calendars/calendar-service.ts';
import { createPayoutActionEmail } from '../emails/payouts.ts';
import type { payouts } from '../payments/schema.ts';
import { buildPayoutReadiness } from './payout-readiness.ts';

type Calendar = Parameters<typeof buildPayoutReadiness>[0];

const verified: Calendar = {
  status: 'active',
  currency: 'eur' as CalendarRow['currency'],
  ibanEncrypted: 'sealed',
  ibanChangedAt: null,
  payoutRecipientRef: 'acct_1',
  payoutRecipientPayoutsEnabled: true,
  payoutRecipientRequirements: [],
  payoutRecipientPastDue: [],
  payoutRecipientDisabledReason: null,
};

function payout(overrides: Partial<typeof payouts.$inferSelect>): typeof payouts.$inferSelect {
  return {
    id: 'p',
    calendarId: 'c',
    amount: 5000,
    currency: 'eur',
    status: 'pending',
    provider: 'stripe',
    providerRef: null,
    idempotencyKey: 'payout:c',
    failureReason: null,
    createdAt: new Date('2030-01-01T00:00:00Z'),
    updatedAt: new Date('2030-01-02T09:00:00Z'),
    ...overrides,
  } as typeof payouts.$inferSelect;
}

describe('payout needs', () => {
  it("reads Stripe's requirement names as what a parent gives, each once", () => {
    expect(
      describePayoutNeeds([
        'individual.dob.day',
        'individual.dob.year',
        'individual.address.postal_code',
        'individual.ssn_last_4',
        'tos_acceptance.date',
        'individual.verification.document',
        'business_profile.url',
      ]),
    ).toEqual(['date_of_birth', 'address', 'id_number', 'id_document', 'terms', 'other']);
  });
});

describe('the readiness checklist', () => {
  it('is ready only with the fee, the bank account and a verified recipient that may pay out', () => {
    expect(buildPayoutReadiness(verified, undefined)).toEqual({
      feePaid: true,
      bankAccount: true,
      identity: 'confirmed',
      ready: true,
      needs: [],
      blocker: null,
      payout: null,
    });
    expect(buildPayoutReadiness({ ...verified, payoutRecipientPayoutsEnabled: false }, undefined)).toMatchObject({
      identity: 'checking',
      ready: false,
      blocker: { reason: 'identity_checking', nextStep: null },
    });
    expect(buildPayoutReadiness({ ...verified, status: 'draft' }, undefined).blocker).toEqual({
      reason: 'fee_unpaid',
      nextStep: 'pay_fee',
    });
    expect(buildPayoutReadiness({ ...verified, ibanEncrypted: null }, undefined).blocker).toEqual({
      reason: 'bank_account_missing',
      nextStep: 'add_bank_account',
    });
    expect(buildPayoutReadiness({ ...verified, payoutRecipientRef: null }, undefined)).toMatchObject({
      identity: 'not_started',
      blocker: { reason: 'identity_needed', nextStep: 'confirm_identity' },
    });
  });

  it("shows the payout paused for the identity check or a new bank account's hold, paid on its day, or failed", () => {
    const waiting = {
      ...verified,
      payoutRecipientPayoutsEnabled: false,
      payoutRecipientPastDue: ['individual.dob.day'],
    };
    expect(buildPayoutReadiness(waiting, payout({})).payout).toEqual({
      status: 'paused',
      amount: 5000,
      currency: 'eur',
      because: 'identity',
    });
    const now = new Date('2030-01-02T10:00:00Z');
    const changed = { ...verified, ibanChangedAt: new Date('2030-01-02T08:00:00Z') };
    expect(buildPayoutReadiness(changed, payout({}), now).payout).toMatchObject({
      status: 'paused',
      because: 'bank_account_hold',
      until: '2030-01-03T08:00:00.000Z',
    });
    expect(buildPayoutReadiness(verified, payout({ providerRef: 'acct_1' })).payout).toMatchObject({
      status: 'on_its_way',
    });
    expect(buildPayoutReadiness(verified, payout({ status: 'paid', providerRef: 'acct_1' })).payout).toEqual({
      status: 'paid',
      amount: 5000,
      currency: 'eur',
      paidOn: '2030-01-02T09:00:00.000Z',
    });
    expect(
      buildPayoutReadiness(verified, payout({ status: 'failed', failureReason: 'account_closed' })).payout,
    ).toMatchObject({ status: 'failed', failureReason: 'account_closed' });
  });
});

describe('the e-mail when something is needed', () => {
  it.each([
    ['en', 'Confirm your identity', 'your date of birth, a photo of your ID document'],
    ['de', 'Identität bestätigen', 'Ihr Geburtsdatum, ein Foto Ihres Ausweises'],
    ['ru', 'Подтвердить личность', 'ваша дата рождения, фото вашего удостоверения личности'],
  ] as const)('is written in %s, naming what is needed', async (locale, action, needs) => {
    const email = await createPayoutActionEmail({
      appUrl: 'https://firstday.example',
      locale,
      name: 'Anna',
      calendar: { id: 'c1', title: 'Baby Rose', background: 'blue' },
      needs: ['date_of_birth', 'id_document'],
      rejected: false,
    });
    expect(email.text).toContain(needs);
    expect(email.text).toContain(action);
    expect(email.text).toContain('https://firstday.example/my_calendars/c1');
    expect(email.text).not.toMatch(/payouts\.(need|email)\./);
  });
});
