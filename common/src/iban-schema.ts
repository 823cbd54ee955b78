import { z } from 'zod';
import { findIbanProblem, IBAN_MESSAGES, normalizeIban } from './iban.ts';

// Its own module: IBAN validation carries ibantools' country table (about 3 kB gzipped), which
// only the forms that take an IBAN (settings, calendar wizard, Calendar Info) should load.

/** An IBAN as typed by a person: spaces allowed, validated by `findIbanProblem` (ibantools). */
export const IbanSchema = z
  .string()
  .trim()
  .max(42, 'An IBAN has at most 34 characters.')
  .transform(normalizeIban)
  .superRefine((iban, ctx) => {
    const problem = findIbanProblem(iban);
    if (problem) ctx.addIssue({ code: 'custom', message: IBAN_MESSAGES[problem] });
  });
