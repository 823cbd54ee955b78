// @vitest-environment jsdom
import type { Currency } from '@firstday/common/currency';
import type { Locale } from '@firstday/common/locales';
import { parseAmount } from '@firstday/common/parse-amount';
import { I18nProvider } from '@lingui/react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useRef, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { createServerI18n } from '../i18n/catalogues.server.ts';
import { GiftAmountField, getCustomAmountMessage } from './gift-amount-field.tsx';

afterEach(cleanup);

/** The field as the dialog holds it: the text in state, read on every render. */
function Harness({ locale, currency, error }: { locale: Locale; currency: Currency; error?: string }) {
  const [text, setText] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  return (
    <GiftAmountField
      value={text}
      onChange={setText}
      reading={parseAmount(text, { locale, currency })}
      currency={currency}
      error={error}
      inputRef={inputRef}
    />
  );
}

function renderField(locale: Locale, currency: Currency, error?: string) {
  render(
    <I18nProvider i18n={createServerI18n(locale)}>
      <Harness locale={locale} currency={currency} error={error} />
    </I18nProvider>,
  );
}

function describedBy(input: HTMLElement): string[] {
  return (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '');
}

describe('GiftAmountField', () => {
  it('reads a decimal comma on an English page in euros and says what will be paid', () => {
    renderField('en', 'eur');
    const input = screen.getByLabelText('Amount in euros');
    fireEvent.change(input, { target: { value: '37,50' } });
    expect(describedBy(input)).toEqual(['You will pay €37.50.']);
    fireEvent.blur(input);
    expect(input).toHaveProperty('value', '37.50');
  });

  it('offers both readings of an ambiguous amount and keeps the one picked, with focus in the field', () => {
    renderField('en', 'eur');
    const input = screen.getByLabelText('Amount in euros');
    fireEvent.change(input, { target: { value: '1.000' } });
    expect(describedBy(input)).toEqual(['Which amount do you mean?']);
    const readings = screen.getByRole('group', { name: 'Which amount do you mean?' });
    const buttons = Array.from(readings.querySelectorAll('button')).map((button) => button.textContent);
    expect(buttons).toEqual(['€1,000.00', '€1.00']);
    // Blurring an ambiguous amount leaves it as typed.
    fireEvent.blur(input);
    expect(input).toHaveProperty('value', '1.000');

    fireEvent.click(screen.getByRole('button', { name: '€1.00' }));
    expect(input).toHaveProperty('value', '1');
    expect(document.activeElement).toBe(input);
    expect(screen.queryByRole('group')).toBeNull();
    expect(describedBy(input)).toEqual(['You will pay €1.']);
  });

  it('reads German and Russian amounts in their own way', () => {
    renderField('de', 'eur');
    const german = screen.getByLabelText('Betrag in Euro');
    fireEvent.change(german, { target: { value: '1.000' } });
    expect(describedBy(german)[0]).toMatch(/^Sie zahlen 1\.000\s€\.$/);
    cleanup();

    renderField('ru', 'usd');
    const russian = screen.getByLabelText('Сумма в долларах');
    fireEvent.change(russian, { target: { value: '1\u00a0000,50' } });
    expect(describedBy(russian)[0]).toMatch(/^К оплате: 1\s000,50\s\$$/);
    fireEvent.change(russian, { target: { value: '1,000' } });
    expect(screen.getByRole('group', { name: 'Какую сумму вы имеете в виду?' })).toBeTruthy();
  });

  it('ties an error to the input', () => {
    renderField('en', 'eur', 'Please enter an amount in euros.');
    const input = screen.getByLabelText('Amount in euros');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(input)).toEqual(['Please enter an amount in euros.']);
  });
});

describe('getCustomAmountMessage', () => {
  it('names what is wrong with what was typed, and nothing for one amount', () => {
    expect(getCustomAmountMessage({ kind: 'amount', amount: 3750 })).toBeNull();
    expect(getCustomAmountMessage({ kind: 'empty' })).toBe('contributions.check.amountMissing');
    expect(getCustomAmountMessage({ kind: 'ambiguous', readings: [100_000, 100] })).toBe(
      'contributions.check.amountAmbiguous',
    );
    expect(getCustomAmountMessage({ kind: 'invalid', reason: 'format' })).toBe('contributions.check.amountFormat');
    expect(getCustomAmountMessage({ kind: 'invalid', reason: 'decimals' })).toBe('contributions.check.wholeMinorUnits');
    expect(getCustomAmountMessage({ kind: 'invalid', reason: 'negative' })).toBe('contributions.check.amountTooSmall');
    expect(getCustomAmountMessage({ kind: 'invalid', reason: 'currency' })).toBe('contributions.check.amountCurrency');
  });
});
