import { describe, expect, it } from 'vitest';
import { defaultCurrencyForIban } from './currency.ts';

describe('defaultCurrencyForIban', () => {
  it('picks the euro for euro countries, the pound for the UK and the dollar for the rest', () => {
    expect(defaultCurrencyForIban('DE89 3704 0044 0532 0130 00')).toBe('eur');
    expect(defaultCurrencyForIban('bg80bnbg96611020345678')).toBe('eur');
    expect(defaultCurrencyForIban('GB29 NWBK 6016 1331 9268 19')).toBe('gbp');
    expect(defaultCurrencyForIban('CH93 0076 2011 6238 5295 7')).toBe('usd');
    expect(defaultCurrencyForIban('')).toBe('usd');
    expect(defaultCurrencyForIban(null)).toBe('usd');
  });
});
