import { z } from 'zod';
import { CURRENCIES } from './currency.ts';

// Apart from currency.ts, which the landing page's calculator loads: zod stays out of its JavaScript.
export const CurrencySchema = z.enum(CURRENCIES, { error: 'Please choose USD, EUR or GBP.' });
