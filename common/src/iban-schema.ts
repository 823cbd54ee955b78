import { z } from 'zod';
import { PAYOUT_COUNTRIES, UNSUPPORTED_BANK_COUNTRY_MESSAGE } from './bank-account.ts';
import { findIbanProblem, IBAN_MESSAGES, normalizeIban } from './iban.ts';

// Its own module: IBAN validation carries ibantools' country table (about 3 kB gzipped), which
// only the forms that take an IBAN (settings, calendar wizard, Calendar Info) should load.

/**
 * An IBAN as typed by a person: spaces allowed, validated by `findIbanProblem` (ibantools), of a
 * country gifts can be paid out to (bank-account.ts), so a parent hears it before paying the fee.
 */
export const IbanSchema = z
  .string()
  .trim()
  .max(42, 'An IBAN has at most 34 characters.')
  .transform(normalizeIban)
  .superRefine((iban, ctx) => {
    const problem = findIbanProblem(iban);
    if (problem) ctx.addIssue({ code: 'custom', message: IBAN_MESSAGES[problem] });
    else if (!PAYOUT_COUNTRIES.has(iban.slice(0, 2))) {
      ctx.addIssue({ code: 'custom', message: UNSUPPORTED_BANK_COUNTRY_MESSAGE });
    }
  });
