import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.ts';
import {
  applyProviderState,
  type PaymentChange,
  type PaymentPurposeHandler,
  type PaymentPurposeHandlers,
} from './payment-transitions.ts';
import { ledgerEntries, payments } from './schema.ts';

// The hand-off's contract, with recording handlers instead of the features' own
// (those are covered through the API in the calendars, contributions and announcements tests).

let t: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Call = { hook: string; status: string; previousStatus: string; wallet?: string; afterCommit: boolean };

/** A handler for gifts that records each call, and whether its after-commit work ran. */
function record(overrides: Partial<PaymentPurposeHandler> = {}) {
  const calls: Call[] = [];
  const hook = (name: string) => async (change: PaymentChange) => {
    const call: Call = {
      hook: name,
      status: change.payment.status,
      previousStatus: change.previousStatus,
      wallet: change.wallet,
      afterCommit: false,
    };
    calls.push(call);
    // The handler works in the payment's transaction and sees the new status there.
    const [inside] = await change.tx.select().from(payments).where(eq(payments.id, change.payment.id));
    expect(inside?.status).toBe(change.payment.status);
    return {
      afterCommit() {
        call.afterCommit = true;
      },
    };
  };
  const gift: PaymentPurposeHandler = {
    onSucceeded: hook('succeeded'),
    onFailed: hook('failed'),
    onRefunded: hook('refunded'),
    ...overrides,
  };
  const paymentHandlers: PaymentPurposeHandlers = { fee: {}, gift };
  return { calls, context: { ...t.context, paymentHandlers } };
}

async function insertGiftPayment() {
  const [row] = await t.db
    .insert(payments)
    .values({
      id: randomUUID(),
      calendarId: null,
      purpose: 'gift',
      provider: 'sandbox',
      amount: 2500,
      currency: 'usd',
      status: 'pending',
      method: 'card',
      idempotencyKey: `gift:${randomUUID()}`,
    })
    .returning();
  return row!;
}

async function getPayment(id: string) {
  const [row] = await t.db.select().from(payments).where(eq(payments.id, id));
  return row!;
}

describe('applyProviderState hands each transition to its purpose', () => {
  it('runs the handler once per transition, inside the transaction, and its after-commit work after it', async () => {
    const { calls, context } = record();
    const payment = await insertGiftPayment();
    const reference = `sbx_${randomUUID()}`;
    const event = { provider: 'sandbox', id: `evt_${randomUUID()}` };

    await applyProviderState(context, payment.id, { reference, status: 'processing' });
    expect(calls).toEqual([]);
    await applyProviderState(
      context,
      payment.id,
      { reference, status: 'succeeded', wallet: 'apple_pay' },
      {
        webhookEvent: event,
      },
    );
    // A replayed webhook and a repeated state change nothing and call nobody.
    await applyProviderState(context, payment.id, { reference, status: 'succeeded' }, { webhookEvent: event });
    await applyProviderState(context, payment.id, { reference, status: 'succeeded' });
    await applyProviderState(context, payment.id, { reference, status: 'refunded' });

    expect(calls).toEqual([
      { hook: 'succeeded', status: 'succeeded', previousStatus: 'processing', wallet: 'apple_pay', afterCommit: true },
      { hook: 'refunded', status: 'refunded', previousStatus: 'succeeded', afterCommit: true },
    ]);
  });

  it('hands a failure over', async () => {
    const { calls, context } = record();
    const payment = await insertGiftPayment();
    await applyProviderState(context, payment.id, { reference: `sbx_${randomUUID()}`, status: 'failed' });
    expect(calls.map((call) => [call.hook, call.previousStatus, call.afterCommit])).toEqual([
      ['failed', 'pending', true],
    ]);
  });

  it('rolls the payment back with its handler: no status change, no ledger entry', async () => {
    const { context } = record({
      async onSucceeded() {
        throw new Error('the feature failed');
      },
    });
    const payment = await insertGiftPayment();
    await expect(
      applyProviderState(context, payment.id, { reference: `sbx_${randomUUID()}`, status: 'succeeded' }),
    ).rejects.toThrow('the feature failed');
    expect((await getPayment(payment.id)).status).toBe('pending');
    const ledger = await t.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.transactionId, `payment:${payment.id}:succeeded`));
    expect(ledger).toEqual([]);
  });

  it('marks the payment refund-due when the handler cannot keep the money', async () => {
    const { context } = record({ onSucceeded: async () => ({ refund: true }) });
    const payment = await insertGiftPayment();
    const { payment: updated } = await applyProviderState(context, payment.id, {
      reference: `sbx_${randomUUID()}`,
      status: 'succeeded',
    });
    expect(updated?.refundDueAt).toBeInstanceOf(Date);
    expect((await getPayment(payment.id)).refundDueAt).toBeInstanceOf(Date);
  });
});
