import { API_ERROR_CODES } from '@firstday/common/api-error';
import type { SourceCatalogue } from '@firstday/common/catalogues';
import { LOCALES } from '@firstday/common/locales';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api.ts';
import {
  FEDERATED_FAILURE_MESSAGE,
  FEDERATED_MESSAGES,
  getErrorMessage,
  getFederatedErrorMessage,
  getPaymentFailureMessage,
  MESSAGES,
  PAYMENT_FAILURE_MESSAGES,
} from './error-messages.ts';
import { englishT } from './test-i18n.tsx';

// Every language's web catalogues, keyed by the file's path (`../../locales/<locale>/<namespace>.json`).
const catalogues = import.meta.glob<SourceCatalogue>('../../locales/*/*.json', { import: 'default', eager: true });

function textIn(locale: string, id: string): string | undefined {
  const namespace = id.slice(0, id.indexOf('.'));
  return catalogues[`../../locales/${locale}/${namespace}.json`]?.[id];
}

describe('the error texts', () => {
  const ids = [
    ...new Set([
      ...Object.values(MESSAGES),
      ...Object.values(PAYMENT_FAILURE_MESSAGES),
      ...Object.values(FEDERATED_MESSAGES),
    ]),
  ];

  it.each(LOCALES)('are all in the %s catalogues, none empty', (locale) => {
    expect(ids.filter((id) => !textIn(locale, id)?.trim())).toEqual([]);
  });

  it('word every code the API answers with', () => {
    expect(API_ERROR_CODES.filter((code) => !Object.hasOwn(MESSAGES, code))).toEqual([]);
    for (const code of API_ERROR_CODES) {
      expect(getErrorMessage(apiError(code), englishT), code).not.toContain('server text');
    }
  });
});

const IDENTITY_CODES = [
  'popup-blocked',
  'popup-closed-by-user',
  'cancelled-popup-request',
  'web-storage-unsupported',
  'unauthorized-domain',
  'network-request-failed',
  'internal-error',
  'invalid-auth-event',
];

function apiError(code: string, status = 400) {
  return new ApiError({ status, code, message: 'server text' });
}

describe('getFederatedErrorMessage', () => {
  it('words every identity error code of the specification', () => {
    for (const code of IDENTITY_CODES) {
      const message = getFederatedErrorMessage(code, englishT);
      expect(message, code).toMatch(/\.$/);
      expect(message, code).not.toContain(code);
    }
    expect(getFederatedErrorMessage('popup-closed-by-user', englishT)).toMatch(/closed/);
  });

  it('says an account with the address exists, or that the address waits for its link', () => {
    expect(getFederatedErrorMessage('account_not_linked', englishT)).toBe(
      'An account with this e-mail address already exists. Please log in with your e-mail and password (or reset your password if you’ve forgotten it).',
    );
    expect(getFederatedErrorMessage('email_not_verified', englishT)).toMatch(/confirm your e-mail address/);
  });

  it('falls back to the generic federated failure', () => {
    expect(getFederatedErrorMessage('internal-error', englishT)).toBe(englishT(FEDERATED_FAILURE_MESSAGE));
    expect(getFederatedErrorMessage('something_new', englishT)).toBe(englishT(FEDERATED_FAILURE_MESSAGE));
    expect(getFederatedErrorMessage(null, englishT)).toBe(
      'Something went wrong while signing in. Please try again later.',
    );
  });
});

describe('getErrorMessage for account codes', () => {
  it('uses one generic text for wrong credentials', () => {
    expect(getErrorMessage(apiError('invalid_email_or_password', 401), englishT)).toBe(
      'The e-mail or password is incorrect.',
    );
  });

  it('words the specification’s account messages exactly', () => {
    expect(getErrorMessage(apiError('captcha_failed'), englishT)).toBe('Please verify the captcha!');
    expect(getErrorMessage(apiError('invalid_token'), englishT)).toBe(
      'The password reset link has expired. Please request a new one.',
    );
    expect(getErrorMessage(apiError('email_not_verified', 403), englishT)).toMatch(/confirm your e-mail/);
  });

  it('never shows the raw server text for an unknown code', () => {
    expect(getErrorMessage(apiError('brand_new_code'), englishT)).not.toContain('server text');
  });
});

describe('getPaymentFailureMessage', () => {
  it('words the sandbox failure codes and falls back for unknown ones', () => {
    expect(getPaymentFailureMessage('card_declined', englishT)).toBe(
      'Your card was declined. Please use another card or try again.',
    );
    expect(getPaymentFailureMessage('insufficient_funds', englishT)).toBe('Your card has insufficient funds.');
    expect(getPaymentFailureMessage('something_new', englishT)).toMatch(/did not go through/);
    expect(getPaymentFailureMessage(undefined, englishT)).toMatch(/did not go through/);
  });

  it('words a repeated payment of an active calendar', () => {
    expect(getErrorMessage(apiError('already_paid', 409), englishT)).toMatch(/already paid/);
  });
});

describe('getErrorMessage for a busy photo queue', () => {
  it('asks to try the upload again in a few seconds', () => {
    expect(getErrorMessage(apiError('image_busy', 503), englishT)).toBe(
      'So many photos are being processed right now that yours has to wait. Please try again in a few seconds.',
    );
  });
});

describe('getErrorMessage for the card-testing defence', () => {
  function paused(retryAfterSeconds?: number) {
    return new ApiError({ status: 429, code: 'payments_paused', message: 'server text', retryAfterSeconds });
  }

  it('says declined cards paused payments, and when to try again once the server tells', () => {
    expect(getErrorMessage(paused(), englishT)).toBe(
      'Too many declined cards. Please try again later or use another way to pay.',
    );
    expect(getErrorMessage(paused(42), englishT)).toBe(
      'Too many declined cards. Please try again in 42 seconds or use another way to pay.',
    );
    expect(getErrorMessage(paused(61), englishT)).toBe(
      'Too many declined cards. Please try again in 2 minutes or use another way to pay.',
    );
    expect(getErrorMessage(paused(3600), englishT)).toBe(
      'Too many declined cards. Please try again in 60 minutes or use another way to pay.',
    );
    expect(getErrorMessage(paused(20 * 3600 + 1), englishT)).toBe(
      'Too many declined cards. Please try again in 21 hours or use another way to pay.',
    );
  });

  it('asks for the captcha before paying, and words a locked currency', () => {
    expect(getErrorMessage(apiError('captcha_required'), englishT)).toBe(
      'Please confirm you are not a robot before paying.',
    );
    expect(getErrorMessage(apiError('currency_locked'), englishT)).toMatch(/currency can no longer change/);
  });
});
