import { z } from 'zod';
import { EMAIL_MAX_LENGTH } from './schema-constants.ts';

export const EmailSchema = z
  .string({ error: 'Please enter your e-mail address.' })
  .trim()
  .min(1, 'Please enter your e-mail address.')
  .max(EMAIL_MAX_LENGTH, `An e-mail address can be at most ${EMAIL_MAX_LENGTH} characters.`)
  .pipe(z.email('Please enter a valid e-mail address, like name@example.com.'))
  .transform((email) => email.toLowerCase());
