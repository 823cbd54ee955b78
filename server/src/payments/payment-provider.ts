import type { SandboxOnboarding } from '@firstday/common/payouts';

// The provider interface every payment goes through; the factory that picks one is
// create-payment-provider.ts, so the providers can import this file without a circle.

export type ProviderName = 'sandbox' | 'stripe';
export type PaymentMethodType = 'card' | 'wallet' | 'stripe';

/** What the browser sent: card fields (sandbox only), a wallet button (sandbox only) or 'stripe'. */
export type ProviderPaymentMethod =
  | { type: 'card'; card: { number: string } }
  | { type: 'wallet'; wallet: 'apple_pay' | 'google_pay' }
  | { type: 'stripe' };

export type PaymentMetadata = { calendarId: string; paymentId: string; purpose: 'fee' | 'gift' };

/** The provider's own view of a payment; our status only moves forward from it. */
export type ProviderPaymentState = {
  reference: string;
  status: 'processing' | 'succeeded' | 'failed' | 'refunded';
  failureCode?: string;
  cardLast4?: string;
  /** 'apple_pay', 'google_pay', … when a wallet paid (shown on the receipt). */
  wallet?: string;
  /** Stripe: what the browser confirms with (Payment Element / Express Checkout Element). */
  clientSecret?: string;
  /** Present when read back from the provider (not on creation): checked against our row. */
  amount?: number;
  currency?: string;
  /** Our payment id, as we sent it in the metadata: finds a payment whose reference was never stored. */
  paymentId?: string;
  /** The same card gives the same value (Stripe's `card.fingerprint`), for counting declines per card. */
  cardFingerprint?: string;
};

/** The provider's view of a payout (a transfer of collected gifts to the parents' bank account). */
export type ProviderPayoutState = {
  reference: string;
  status: 'pending' | 'paid' | 'failed';
  failureReason?: string;
  amount?: number;
  currency?: string;
};

/** The terms the parent accepted by saving the bank account: Stripe's `tos_acceptance` for their connected account. */
export type PayoutTermsAcceptance = { acceptedAt: string; ip: string; userAgent: string };

/** The parent a calendar's gifts are paid out to, with the bank account as given. */
export type PayoutRecipientRequest = {
  /** The recipient made before for the same calendar and bank account: re-read instead of made again. */
  reference?: string;
  /** Derived from the calendar and the bank account, so a changed account gets a recipient of its own. */
  idempotencyKey: string;
  /** As bank-account.ts writes it: an IBAN, 'US:<routing>:<account>' or 'GB:<sort code>:<account>'. */
  bankAccount: string;
  currency: string;
  firstName: string;
  lastName: string;
  email: string;
  /** The public calendar page: what the money is for. */
  profileUrl: string;
  termsAcceptance: PayoutTermsAcceptance | null;
  metadata: { calendarId: string };
};

/** The provider's view of a payout recipient (Stripe: a connected account holding the bank account). */
export type PayoutRecipient = {
  reference: string;
  payoutsEnabled: boolean;
  /** What the provider still asks before it pays out (Stripe's `requirements.currently_due`). */
  requirementsDue: string[];
  /** Of those, what is overdue and stops payouts now (Stripe's `requirements.past_due`). */
  requirementsPastDue: string[];
  /** Why payouts are off (Stripe's `requirements.disabled_reason`: 'requirements.past_due', 'rejected.other', …). */
  disabledReason: string | null;
};

/** Where the parent confirms their identity at the provider (Stripe: a hosted onboarding Account Link). */
export type PayoutOnboardingRequest = {
  /** `PayoutRecipient.reference`. */
  recipient: string;
  /** Where the provider sends the parent back when the link expired or was used: we make a new one. */
  refreshUrl: string;
  /** Where the provider sends the parent back when they are done (not necessarily verified yet). */
  returnUrl: string;
};

/**
 * The provider refused an idempotency key it already holds for a request with other parameters
 * (Stripe's `idempotency_error`): nothing was made for this request, and the key cannot be used
 * for it. The caller fails the payment rather than retrying the same key.
 */
export class IdempotencyConflictError extends Error {
  override readonly name = 'IdempotencyConflictError';
}

/**
 * The provider refused a request that moves money (say, a transfer to an account not yet verified,
 * or a payout before the funds are available) and keeps that refusal under its idempotency key
 * (Stripe: for 24 hours): nothing moved, and a retry under the same key would only be refused
 * again, so the next attempt must come with a new key.
 */
export class ProviderRefusedError extends Error {
  override readonly name = 'ProviderRefusedError';
}

export type VerifiedWebhookEvent = {
  id: string;
  type: string;
  /** What the event is about, so the route hands it to the payment, payout or payout recipient handler. */
  kind: 'payment' | 'payout' | 'recipient';
  /** The provider's payment, payout or recipient reference; null for an event we do not act on. */
  reference: string | null;
};

export interface PaymentProvider {
  readonly name: ProviderName;
  /** Method types this provider takes from our API (Stripe: only 'stripe', card data never reaches us). */
  readonly methods: readonly PaymentMethodType[];
  /** Same idempotency key, same payment at the provider: never a second charge. */
  createPayment(request: {
    amount: number;
    currency: string;
    idempotencyKey: string;
    method: ProviderPaymentMethod;
    metadata: PaymentMetadata;
  }): Promise<ProviderPaymentState>;
  retrievePayment(reference: string): Promise<ProviderPaymentState>;
  /**
   * The card's fingerprint before charging it, where the number passes through us (the sandbox);
   * undefined where only the provider sees the card (Stripe: known from the decline).
   */
  fingerprintCard?(method: ProviderPaymentMethod): string | undefined;
  /** Ends a payment that can still be confirmed (Stripe: cancels the intent after a decline). */
  cancelPayment?(reference: string): Promise<ProviderPaymentState>;
  /**
   * True when `findPaymentByIdempotencyKey` may miss a payment made a moment ago (Stripe's search
   * lags behind its writes). A payment's reference is then written as soon as the provider
   * answers, whatever its purpose, so a lost webhook is settled by reference, not by a lagging
   * search (decision 032). The sandbox finds a payment by its key at once.
   */
  readonly searchLags?: boolean;
  /** Repair after a crash between the provider call and our write: undefined when nothing was created. */
  findPaymentByIdempotencyKey(idempotencyKey: string): Promise<ProviderPaymentState | undefined>;
  /** Makes (or re-reads) the recipient a payout goes to; the same idempotency key never makes a second one. */
  preparePayoutRecipient(request: PayoutRecipientRequest): Promise<PayoutRecipient>;
  /** The recipient as the provider sees it now (after an `account.updated` event, say). */
  retrievePayoutRecipient(reference: string): Promise<PayoutRecipient>;
  /**
   * A link, valid for minutes and once, to the provider's page where the parent gives what it asks
   * for before paying out (Stripe: `accountLinks.create` of type `account_onboarding`; the sandbox:
   * its own onboarding page in the product, with test values).
   */
  createOnboardingLink(request: PayoutOnboardingRequest): Promise<{ url: string }>;
  /**
   * The sandbox alone: what its onboarding page sent (test values, as Stripe's test mode takes
   * them), applied to the recipient; the provider then reports an updated recipient like Stripe's
   * `account.updated`. Undefined for real providers, whose page is their own.
   */
  submitSandboxOnboarding?(request: SandboxOnboarding): Promise<PayoutRecipient>;
  /** Same idempotency key, same transfer: one payout per calendar at the provider too. Completes asynchronously. */
  createPayout(request: {
    amount: number;
    currency: string;
    idempotencyKey: string;
    /** `PayoutRecipient.reference`. */
    recipient: string;
    metadata: { calendarId: string; payoutId: string };
  }): Promise<ProviderPayoutState>;
  retrievePayout(reference: string): Promise<ProviderPayoutState>;
  /** Refunds a succeeded payment in full; the same idempotency key never refunds twice. */
  refundPayment(reference: string, idempotencyKey: string): Promise<ProviderPaymentState>;
  /** Checks the signature of a raw webhook body; throws when it is not genuine. */
  verifyWebhook(rawBody: string, headers: Headers): VerifiedWebhookEvent;
}
