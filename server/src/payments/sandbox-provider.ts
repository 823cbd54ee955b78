import {
  createHash,
  createHmac,
  createSecretKey,
  type KeyObject,
  randomBytes,
  randomUUID,
  timingSafeEqual,
} from 'node:crypto';
import { SANDBOX_ONBOARDING_TEST_VALUES } from '@firstday/common/payouts';
import { and, eq, lte } from 'drizzle-orm';
import type { Db } from '../lib/db.ts';
import { AppError } from '../lib/errors.ts';
import {
  type PaymentProvider,
  type PayoutRecipient,
  type ProviderPaymentMethod,
  type ProviderPaymentState,
  type ProviderPayoutState,
  ProviderRefusedError,
  type VerifiedWebhookEvent,
} from './payment-provider.ts';
import { sandboxAccounts, sandboxCharges, sandboxRefunds, sandboxTransfers } from './schema.ts';

export const SANDBOX_SIGNATURE_HEADER = 'firstday-sandbox-signature';
const SIGNATURE_TOLERANCE_SECONDS = 300;

/** Stripe's test cards, so the sandbox and Stripe test mode answer alike. */
const DECLINING_CARDS: Record<string, string> = {
  '4000000000000002': 'card_declined',
  '4000000000009995': 'insufficient_funds',
  '4000000000000069': 'expired_card',
  '4000000000000127': 'incorrect_cvc',
  '4000000000000119': 'processing_error',
};

/**
 * Any other number from 4000 0000 00… is a card its bank refuses: a list of stolen cards for tests
 * and `npm run bench:fraud` (decision 022). Other numbers succeed.
 */
const STOLEN_CARD_PREFIX = '4000000000';

function getDeclineCode(digits: string): string | undefined {
  return DECLINING_CARDS[digits] ?? (digits.startsWith(STOLEN_CARD_PREFIX) ? 'card_declined' : undefined);
}

/** How a signed event reaches the webhook route: over HTTP in the server, directly in tests. */
export type SandboxWebhookDelivery = {
  schedule(run: () => Promise<void>, delayMs: number): void;
  deliver(body: string, headers: Record<string, string>): Promise<void>;
};

type SandboxCharge = typeof sandboxCharges.$inferSelect;
type SandboxAccount = typeof sandboxAccounts.$inferSelect;

/**
 * What a new sandbox recipient is asked, as Stripe asks an individual: their date of birth, address
 * and ID number. Like a Stripe account before its deadline, it may still be paid out meanwhile, so
 * a calendar whose parents never open the onboarding page is paid out as before.
 */
export const SANDBOX_IDENTITY_REQUIREMENTS = [
  'individual.dob.day',
  'individual.dob.month',
  'individual.dob.year',
  'individual.address.line1',
  'individual.address.city',
  'individual.address.postal_code',
  'individual.id_number',
];
const DOCUMENT_REQUIREMENT = 'individual.verification.document';
type SandboxTransfer = typeof sandboxTransfers.$inferSelect;

/** A destination IBAN ending in these digits is refused by the pretend bank, for tests of failed payouts. */
const FAILING_IBAN_SUFFIX = '0002';

/**
 * A card processor that lives in our database: a charge is one row, unique per idempotency key.
 * Declines answer 'failed' at once; a good card answers 'processing' and is confirmed later by a
 * signed webhook, like Stripe. A charge still processing after the delay settles when read, so a
 * webhook lost in a crash is recovered by reconciliation.
 */
export function createSandboxProvider(options: {
  db: Db;
  appSecret: string;
  delayMs: number;
  webhooks: SandboxWebhookDelivery;
  /**
   * SANDBOX_WEBHOOKS=external: charges and transfers are confirmed, and their webhooks posted, by
   * another process (sandbox-webhook-sender.ts), as Stripe's are; this one only records them.
   */
  confirmedElsewhere?: boolean;
}): PaymentProvider {
  const { db, delayMs, webhooks, confirmedElsewhere = false } = options;
  const signingKey = deriveSandboxSigningKey(options.appSecret);
  // Key objects made once: createHmac with raw key bytes makes one per call (2 % of a gift's CPU).
  const fingerprintKey = createSecretKey(
    createHmac('sha256', options.appSecret).update('firstday-sandbox-card-fingerprint-v1').digest(),
  );

  /** Like Stripe's `card.fingerprint`: the same number gives the same value, which gives no number back. */
  function fingerprintCard(method: ProviderPaymentMethod): string | undefined {
    if (method.type !== 'card') return undefined;
    return createHmac('sha256', fingerprintKey)
      .update(method.card.number.replace(/\D/g, ''))
      .digest('hex')
      .slice(0, 16);
  }

  async function settleIfDue(charge: SandboxCharge, force = false): Promise<SandboxCharge> {
    if (charge.status !== 'processing') return charge;
    const dueBefore = new Date(Date.now() - delayMs);
    const [settled] = await db
      .update(sandboxCharges)
      .set({ status: 'succeeded' })
      .where(
        and(
          eq(sandboxCharges.id, charge.id),
          eq(sandboxCharges.status, 'processing'),
          force ? undefined : lte(sandboxCharges.createdAt, dueBefore),
        ),
      )
      .returning();
    if (settled) return settled;
    const [current] = await db.select().from(sandboxCharges).where(eq(sandboxCharges.id, charge.id));
    return current ?? charge;
  }

  async function confirmAndNotify(chargeId: string): Promise<void> {
    const [charge] = await db.select().from(sandboxCharges).where(eq(sandboxCharges.id, chargeId));
    if (!charge) return;
    const settled = await settleIfDue(charge, true);
    await sendEvent(`charge.${settled.status}`, settled.id);
  }

  async function settleTransferIfDue(transfer: SandboxTransfer, force = false): Promise<SandboxTransfer> {
    if (transfer.status !== 'pending') return transfer;
    const dueBefore = new Date(Date.now() - delayMs);
    const failing = isFailingSandboxDestination(transfer.destination);
    const [settled] = await db
      .update(sandboxTransfers)
      .set(failing ? { status: 'failed', failureReason: 'account_closed' } : { status: 'paid' })
      .where(
        and(
          eq(sandboxTransfers.id, transfer.id),
          eq(sandboxTransfers.status, 'pending'),
          force ? undefined : lte(sandboxTransfers.createdAt, dueBefore),
        ),
      )
      .returning();
    if (settled) return settled;
    const [current] = await db.select().from(sandboxTransfers).where(eq(sandboxTransfers.id, transfer.id));
    return current ?? transfer;
  }

  async function readAccount(id: string): Promise<SandboxAccount> {
    const [account] = await db.select().from(sandboxAccounts).where(eq(sandboxAccounts.id, id));
    if (!account) throw new Error(`unknown sandbox account ${id}`);
    return account;
  }

  async function sendEvent(type: string, reference: string): Promise<void> {
    const event = createSandboxEvent(signingKey, type, reference);
    await webhooks.deliver(event.body, event.headers);
  }

  async function completeTransferAndNotify(transferId: string): Promise<void> {
    const [transfer] = await db.select().from(sandboxTransfers).where(eq(sandboxTransfers.id, transferId));
    if (!transfer) return;
    const settled = await settleTransferIfDue(transfer, true);
    await sendEvent(`payout.${settled.status}`, settled.id);
  }

  return {
    name: 'sandbox',
    methods: ['card', 'wallet'],
    fingerprintCard,

    async createPayment(request) {
      const { method } = request;
      if (method.type === 'stripe') {
        throw new AppError('payment_method_unavailable', 'Card payments through Stripe are not enabled here.', 400);
      }
      const digits = method.type === 'card' ? method.card.number.replace(/\D/g, '') : undefined;
      const failureCode = digits ? getDeclineCode(digits) : undefined;
      const [created] = await db
        .insert(sandboxCharges)
        .values({
          id: `sbx_${randomBytes(12).toString('hex')}`,
          idempotencyKey: request.idempotencyKey,
          amount: request.amount,
          currency: request.currency,
          status: failureCode ? 'failed' : 'processing',
          failureCode: failureCode ?? null,
          // The full number is never stored, not even by the pretend processor.
          cardLast4: digits ? digits.slice(-4) : null,
          metadata: JSON.stringify({
            ...request.metadata,
            wallet: method.type === 'wallet' ? method.wallet : undefined,
          }),
        })
        .onConflictDoNothing({ target: sandboxCharges.idempotencyKey })
        .returning();
      if (!created) {
        const [existing] = await db
          .select()
          .from(sandboxCharges)
          .where(eq(sandboxCharges.idempotencyKey, request.idempotencyKey));
        if (!existing) throw new Error('sandbox charge vanished after an idempotency conflict');
        return { ...toState(existing), cardFingerprint: fingerprintCard(method) };
      }
      if (created.status === 'processing' && !confirmedElsewhere) {
        webhooks.schedule(() => confirmAndNotify(created.id), delayMs);
      }
      return { ...toState(created), cardFingerprint: fingerprintCard(method) };
    },

    async retrievePayment(reference) {
      const [charge] = await db.select().from(sandboxCharges).where(eq(sandboxCharges.id, reference));
      if (!charge) throw new Error(`unknown sandbox charge ${reference}`);
      return toState(await settleIfDue(charge));
    },

    async findPaymentByIdempotencyKey(idempotencyKey) {
      const [charge] = await db.select().from(sandboxCharges).where(eq(sandboxCharges.idempotencyKey, idempotencyKey));
      return charge ? toState(await settleIfDue(charge)) : undefined;
    },

    async preparePayoutRecipient(request) {
      const id = `sbx_acct_${createHash('sha256').update(request.idempotencyKey).digest('hex').slice(0, 24)}`;
      const digits = request.bankAccount.replace(/\W/g, '');
      await db
        .insert(sandboxAccounts)
        .values({
          id,
          destination: `${digits.slice(0, 4)}…${digits.slice(-4)}`,
          currentlyDue: SANDBOX_IDENTITY_REQUIREMENTS,
        })
        .onConflictDoNothing({ target: sandboxAccounts.id });
      return toRecipient(await readAccount(id));
    },

    async retrievePayoutRecipient(reference) {
      return toRecipient(await readAccount(reference));
    },

    // The sandbox's 'hosted' page is a page of the product (web: /sandbox_onboarding), on the same
    // origin as the page the parent returns to.
    async createOnboardingLink(request) {
      const account = await readAccount(request.recipient);
      const url = new URL('/sandbox_onboarding', request.returnUrl);
      url.searchParams.set('account', request.recipient);
      url.searchParams.set('return', request.returnUrl);
      // Like Stripe's page, it asks only what is due: a document asked for opens on that step.
      if (account.currentlyDue.includes(DOCUMENT_REQUIREMENT)) url.searchParams.set('step', 'document');
      return { url: url.toString() };
    },

    async submitSandboxOnboarding(request) {
      const account = await readAccount(request.account);
      const next = applyTestValues(account, request);
      const [updated] = await db
        .update(sandboxAccounts)
        .set(next)
        .where(eq(sandboxAccounts.id, account.id))
        .returning();
      // Stripe tells the platform with `account.updated`; so does the sandbox, through the same route.
      webhooks.schedule(() => sendEvent('account.updated', account.id), 0);
      return toRecipient(updated!);
    },

    async createPayout(request) {
      const [account] = await db.select().from(sandboxAccounts).where(eq(sandboxAccounts.id, request.recipient));
      if (!account) throw new Error(`unknown sandbox account ${request.recipient}`);
      // As Stripe refuses a transfer to an account whose payouts are off (a document due, rejected).
      if (!account.payoutsEnabled) throw new ProviderRefusedError(`payouts are disabled on ${account.id}`);
      const [created] = await db
        .insert(sandboxTransfers)
        .values({
          id: `sbx_tr_${randomBytes(12).toString('hex')}`,
          idempotencyKey: request.idempotencyKey,
          amount: request.amount,
          currency: request.currency,
          destination: account.destination,
          status: 'pending',
        })
        .onConflictDoNothing({ target: sandboxTransfers.idempotencyKey })
        .returning();
      if (!created) {
        const [existing] = await db
          .select()
          .from(sandboxTransfers)
          .where(eq(sandboxTransfers.idempotencyKey, request.idempotencyKey));
        if (!existing) throw new Error('sandbox transfer vanished after an idempotency conflict');
        return toPayoutState(existing);
      }
      if (!confirmedElsewhere) webhooks.schedule(() => completeTransferAndNotify(created.id), delayMs);
      return toPayoutState(created);
    },

    async retrievePayout(reference) {
      const [transfer] = await db.select().from(sandboxTransfers).where(eq(sandboxTransfers.id, reference));
      if (!transfer) throw new Error(`unknown sandbox transfer ${reference}`);
      return toPayoutState(await settleTransferIfDue(transfer));
    },

    async refundPayment(reference, idempotencyKey) {
      return db.transaction(async (tx) => {
        const [charge] = await tx.select().from(sandboxCharges).where(eq(sandboxCharges.id, reference)).for('update');
        if (!charge) throw new Error(`unknown sandbox charge ${reference}`);
        if (charge.status !== 'succeeded' && charge.status !== 'refunded') {
          throw new Error(`sandbox charge ${reference} cannot be refunded while ${charge.status}`);
        }
        const [refund] = await tx
          .insert(sandboxRefunds)
          .values({
            id: `sbx_re_${randomBytes(12).toString('hex')}`,
            idempotencyKey,
            chargeId: charge.id,
            amount: charge.amount,
            currency: charge.currency,
          })
          .onConflictDoNothing({ target: sandboxRefunds.idempotencyKey })
          .returning();
        if (!refund || charge.status === 'refunded') return toState(charge);
        const [refunded] = await tx
          .update(sandboxCharges)
          .set({ status: 'refunded' })
          .where(eq(sandboxCharges.id, charge.id))
          .returning();
        return toState(refunded!);
      });
    },

    verifyWebhook(rawBody, headers) {
      const header = headers.get(SANDBOX_SIGNATURE_HEADER) ?? '';
      const parts = new Map(header.split(',').map((part) => part.trim().split('=', 2) as [string, string]));
      const timestamp = Number(parts.get('t'));
      const given = Buffer.from(parts.get('v1') ?? '', 'hex');
      const expected = Buffer.from(computeSignature(signingKey, timestamp, rawBody), 'hex');
      const fresh =
        Number.isFinite(timestamp) && Math.abs(Date.now() / 1000 - timestamp) <= SIGNATURE_TOLERANCE_SECONDS;
      if (!fresh || given.length !== expected.length || !timingSafeEqual(given, expected)) {
        throw new Error('invalid sandbox webhook signature');
      }
      const event = JSON.parse(rawBody) as { id?: unknown; type?: unknown; data?: { reference?: unknown } };
      if (typeof event.id !== 'string' || typeof event.type !== 'string') throw new Error('malformed sandbox event');
      const reference = typeof event.data?.reference === 'string' ? event.data.reference : null;
      // The sandbox names its own events: 'charge.*' for payments, 'payout.*' for transfers,
      // 'account.updated' for a recipient's identity check.
      const kind = event.type.startsWith('payout.')
        ? 'payout'
        : event.type.startsWith('account.')
          ? 'recipient'
          : 'payment';
      return { id: event.id, type: event.type, kind, reference } satisfies VerifiedWebhookEvent;
    },
  };
}

function toRecipient(account: SandboxAccount): PayoutRecipient {
  return {
    reference: account.id,
    payoutsEnabled: account.payoutsEnabled,
    requirementsDue: account.currentlyDue,
    requirementsPastDue: account.pastDue,
    disabledReason: account.disabledReason,
  };
}

type SandboxIdentity = Pick<SandboxAccount, 'payoutsEnabled' | 'currentlyDue' | 'pastDue' | 'disabledReason'>;

const VERIFIED: SandboxIdentity = { payoutsEnabled: true, currentlyDue: [], pastDue: [], disabledReason: null };

/**
 * The onboarding page's test values, as Stripe's test mode reads them: the date of birth 1900-01-01
 * is rejected, the ID number 111111111 asks for a document (then the test document
 * 'file_identity_document_success' passes it, '…_failure' leaves it due), anything else passes.
 * A rejected account stays rejected.
 */
function applyTestValues(
  account: SandboxAccount,
  request: Parameters<NonNullable<PaymentProvider['submitSandboxOnboarding']>>[0],
): SandboxIdentity {
  const values = SANDBOX_ONBOARDING_TEST_VALUES;
  if (account.disabledReason?.startsWith('rejected.')) return account;
  if (request.step === 'document') {
    if (!account.currentlyDue.includes(DOCUMENT_REQUIREMENT)) return account;
    return request.document === values.passingDocument ? VERIFIED : account;
  }
  if (request.dateOfBirth === values.rejectedDateOfBirth) {
    return { payoutsEnabled: false, currentlyDue: [], pastDue: [], disabledReason: 'rejected.other' };
  }
  if (request.idNumber === values.documentIdNumber) {
    const due = [DOCUMENT_REQUIREMENT];
    return { payoutsEnabled: false, currentlyDue: due, pastDue: due, disabledReason: 'requirements.past_due' };
  }
  return VERIFIED;
}

function toPayoutState(transfer: SandboxTransfer): ProviderPayoutState {
  return {
    reference: transfer.id,
    status: transfer.status,
    failureReason: transfer.failureReason ?? undefined,
    amount: transfer.amount,
    currency: transfer.currency,
  };
}

function toState(charge: SandboxCharge): ProviderPaymentState {
  const metadata = charge.metadata ? (JSON.parse(charge.metadata) as { paymentId?: string; wallet?: string }) : {};
  return {
    reference: charge.id,
    status: charge.status,
    failureCode: charge.failureCode ?? undefined,
    cardLast4: charge.cardLast4 ?? undefined,
    wallet: metadata.wallet,
    amount: charge.amount,
    currency: charge.currency,
    paymentId: metadata.paymentId,
  };
}

/** A signed sandbox event, as the webhook route receives it. */
export function createSandboxEvent(
  signingKey: KeyObject,
  type: string,
  reference: string,
): { body: string; headers: Record<string, string> } {
  const body = JSON.stringify({ id: `evt_sbx_${randomUUID()}`, type, data: { reference } });
  return {
    body,
    headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signSandboxPayload(signingKey, body) },
  };
}

/** The transfer's end at the pretend bank: an IBAN ending in 0002 is refused (tests of failed payouts). */
export function isFailingSandboxDestination(destination: string): boolean {
  return destination.replace(/\D/g, '').endsWith(FAILING_IBAN_SUFFIX);
}

/** A key of its own, so a leaked webhook key signs nothing else made from APP_SECRET. */
export function deriveSandboxSigningKey(appSecret: string): KeyObject {
  return createSecretKey(createHmac('sha256', appSecret).update('firstday-sandbox-webhook-v1').digest());
}

function computeSignature(key: KeyObject, timestamp: number, body: string): string {
  return createHmac('sha256', key).update(`${timestamp}.${body}`).digest('hex');
}

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`, the shape of Stripe's header. */
export function signSandboxPayload(key: KeyObject, body: string, timestamp = Math.floor(Date.now() / 1000)): string {
  return `t=${timestamp},v1=${computeSignature(key, timestamp, body)}`;
}
