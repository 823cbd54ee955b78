import { z } from 'zod';
import { LOCALES } from './locales.ts';

// Apart from locales.ts, which every page loads: zod stays out of the landing page's JavaScript.
export const LocaleSchema = z.enum(LOCALES, { error: 'Please choose English, Deutsch or Русский.' });
