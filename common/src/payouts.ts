import { z } from 'zod';
import type { Currency } from './currency.ts';

// Payout readiness (issue 24, decision 008): what a calendar's parents still have to do, or wait
// for, before their gifts can be paid out. The server builds it from what the payment provider last
// reported about the payout recipient (Stripe: the connected account's `payouts_enabled` and
// `requirements`); the page shows it as a short checklist with the one next step.

/** What the provider asks the parent for, in words a parent understands (from Stripe's requirement names). */
export const PAYOUT_NEEDS = [
  'date_of_birth',
  'address',
  'id_number',
  'id_document',
  'terms',
  'bank_account',
  'other',
] as const;
export type PayoutNeed = (typeof PAYOUT_NEEDS)[number];

/**
 * Stripe's requirement names (`individual.dob.day`, `individual.address.line1`, `tos_acceptance.date`,
 * `individual.verification.document`, …) as the needs they are, each once, in `PAYOUT_NEEDS`' order.
 */
export function describePayoutNeeds(requirements: readonly string[]): PayoutNeed[] {
  const needs = new Set<PayoutNeed>();
  for (const requirement of requirements) needs.add(toPayoutNeed(requirement));
  return PAYOUT_NEEDS.filter((need) => needs.has(need));
}

function toPayoutNeed(requirement: string): PayoutNeed {
  const field = requirement.replace(/^(individual|representative|person_[^.]+)\./, '');
  if (field.startsWith('dob')) return 'date_of_birth';
  if (field.startsWith('address')) return 'address';
  if (field === 'ssn_last_4' || field === 'id_number') return 'id_number';
  if (field.startsWith('verification.')) return 'id_document';
  if (requirement.startsWith('tos_acceptance')) return 'terms';
  if (requirement.startsWith('external_account')) return 'bank_account';
  return 'other';
}

/** Where the identity check stands. */
export type IdentityState =
  /** Nothing asked and payouts enabled. */
  | 'confirmed'
  /** The provider asks the parent for something (`needs`). */
  | 'needed'
  /** Everything was given; the provider is still checking it. */
  | 'checking'
  /** The provider will not pay this parent out (Stripe's `disabled_reason: rejected.*`). */
  | 'rejected'
  /** No payout recipient yet (made after the fee, with the bank account). */
  | 'not_started';

/** Why the gifts could not be paid out now, first one first. */
export type PayoutBlocker =
  | 'fee_unpaid'
  | 'bank_account_missing'
  | 'identity_needed'
  | 'identity_checking'
  | 'identity_rejected';

/** The one next step for a blocker; none while only waiting is left. */
export type PayoutNextStep = 'pay_fee' | 'add_bank_account' | 'confirm_identity' | 'contact_support';

/** After the announcement: where the payout is. */
export type PayoutProgress =
  | { status: 'on_its_way'; amount: number; currency: Currency }
  | {
      status: 'paused';
      amount: number;
      currency: Currency;
      /** 'identity': the provider waits for the identity check; 'bank_account_hold': a new bank account's 24-hour hold. */
      because: 'identity' | 'bank_account_hold';
      /** For the hold: when it ends (ISO time). */
      until?: string;
    }
  | { status: 'paid'; amount: number; currency: Currency; paidOn: string }
  | { status: 'failed'; amount: number; currency: Currency; failureReason: string };

/** `GET /api/calendars/:id/payout-readiness`. */
export type PayoutReadiness = {
  feePaid: boolean;
  bankAccount: boolean;
  identity: IdentityState;
  /** Fee paid, bank account given, identity confirmed and the provider may pay out. */
  ready: boolean;
  /** What the provider asks for now (empty unless `identity` is 'needed'). */
  needs: PayoutNeed[];
  /** The first thing that stops a payout, and the one step that removes it (null: only waiting). */
  blocker: { reason: PayoutBlocker; nextStep: PayoutNextStep | null } | null;
  /** The calendar's payout, once there is one (after the announcement). */
  payout: PayoutProgress | null;
};

/** `POST /api/calendars/:id/payout-onboarding`: where to send the parent to confirm their identity. */
export type PayoutOnboardingLink = { url: string };

/**
 * The sandbox's onboarding page (no Stripe keys): the parent's details as Stripe's hosted page asks
 * for them, with Stripe's test values (`SANDBOX_ONBOARDING_TEST_VALUES`).
 */
export const SandboxDetailsSchema = z.object({
  step: z.literal('details'),
  account: z.string().min(1).max(100),
  dateOfBirth: z.iso.date(),
  addressLine1: z.string().trim().min(1).max(200),
  postalCode: z.string().trim().min(1).max(20),
  city: z.string().trim().min(1).max(100),
  idNumber: z
    .string()
    .trim()
    .regex(/^\d{4,9}$/),
});
export const SandboxDocumentSchema = z.object({
  step: z.literal('document'),
  account: z.string().min(1).max(100),
  document: z.enum(['file_identity_document_success', 'file_identity_document_failure']),
});
export const SandboxOnboardingSchema = z.discriminatedUnion('step', [SandboxDetailsSchema, SandboxDocumentSchema]);
export type SandboxOnboarding = z.infer<typeof SandboxOnboardingSchema>;

/** Test values of the sandbox's onboarding page, after Stripe's own (docs.stripe.com/connect/testing). */
export const SANDBOX_ONBOARDING_TEST_VALUES = {
  /** Any other date of birth passes too. */
  passingDateOfBirth: '1901-01-01',
  /** Stripe's 'OFAC alert': the account is rejected (`disabled_reason: rejected.other`). */
  rejectedDateOfBirth: '1900-01-01',
  /** Any other number passes. */
  passingIdNumber: '000000000',
  /** Stripe's 'identity mismatch': a document is asked for (`individual.verification.document`). */
  documentIdNumber: '111111111',
  passingDocument: 'file_identity_document_success',
  failingDocument: 'file_identity_document_failure',
} as const;

/** The sandbox onboarding page's answer: the account as it stands, and where to return. */
export type SandboxOnboardingResult = {
  identity: IdentityState;
  needs: PayoutNeed[];
};
