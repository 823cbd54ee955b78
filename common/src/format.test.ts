import { describe, expect, it } from 'vitest';
import {
  firstDayOfWeek,
  formatDateTime,
  formatFullDate,
  formatLongDate,
  formatMoney,
  formatMonthDay,
  formatMonthName,
  formatMonthYear,
  formatNumber,
  formatWeekday,
  weekdayColumn,
  weekdayHeaderDays,
} from './format.ts';

// Intl separates numbers from currency symbols and groups thousands with no-break spaces in
// German and Russian; spelled out here so the expectations are unambiguous.
const NBSP = '\u00a0';

describe('formatMoney', () => {
  it('leaves the minor units out of whole dollars and shows them otherwise (the default)', () => {
    expect(formatMoney(0)).toBe('$0');
    expect(formatMoney(2000)).toBe('$20');
    expect(formatMoney(125_000)).toBe('$1,250');
    expect(formatMoney(1250)).toBe('$12.50');
    expect(formatMoney(100_001)).toBe('$1,000.01');
  });

  it('always shows the minor units on receipts', () => {
    expect(formatMoney(2000, { minorUnits: 'always' })).toBe('$20.00');
    expect(formatMoney(125_050, { minorUnits: 'always' })).toBe('$1,250.50');
  });

  it('rounds to whole dollars for projections', () => {
    expect(formatMoney(146_949.7, { minorUnits: 'never' })).toBe('$1,469');
    expect(formatMoney(5_000, { minorUnits: 'never' })).toBe('$50');
  });

  it('writes other currencies in other locales', () => {
    expect(formatMoney(2500, { currency: 'EUR', locale: 'de-DE', minorUnits: 'always' })).toBe(`25,00${NBSP}€`);
    expect(formatMoney(2500, { currency: 'EUR', locale: 'de-DE' })).toBe(`25${NBSP}€`);
    expect(formatMoney(125_050, { currency: 'EUR', locale: 'ru-RU' })).toBe(`1${NBSP}250,50${NBSP}€`);
    expect(formatMoney(2550, { currency: 'GBP', locale: 'en-GB' })).toBe('£25.50');
  });
});

describe('formatNumber', () => {
  it('groups thousands as the locale does', () => {
    expect(formatNumber(3400)).toBe('3,400');
    expect(formatNumber(500)).toBe('500');
    expect(formatNumber(3400, 'de-DE')).toBe('3.400');
    expect(formatNumber(3400, 'ru-RU')).toBe(`3${NBSP}400`);
  });
});

describe('calendar dates', () => {
  it('prints ISO dates without shifting by time zone', () => {
    expect(formatLongDate('2025-12-13')).toBe('December 13, 2025');
    expect(formatLongDate('2025-01-01')).toBe('January 1, 2025');
    expect(formatFullDate('2026-05-04')).toBe('Monday, May 4, 2026');
    expect(formatMonthDay('2024-12-13')).toBe('December 13');
    expect(formatMonthYear('2026-05-04')).toBe('May 2026');
    expect(formatMonthName('2026-12-01', 'short')).toBe('Dec');
    expect(formatWeekday('2023-01-01', 'short')).toBe('Sun');
    expect(formatWeekday('2023-01-01', 'long')).toBe('Sunday');
  });

  it('starts the week on Sunday in US English, on Monday in German and Russian', () => {
    expect([firstDayOfWeek('en'), firstDayOfWeek('en-US'), firstDayOfWeek('de-DE'), firstDayOfWeek('ru')]).toEqual([
      0, 0, 1, 1,
    ]);
    // 2026-11-23 is a Monday.
    expect(weekdayColumn('2026-11-23', 0)).toBe(1);
    expect(weekdayColumn('2026-11-23', 1)).toBe(0);
    expect(weekdayColumn('2026-11-29', 1)).toBe(6);
    expect(weekdayHeaderDays(1).map((day) => formatWeekday(day, 'short', 'de-DE'))).toEqual([
      'Mo',
      'Di',
      'Mi',
      'Do',
      'Fr',
      'Sa',
      'So',
    ]);
  });

  it("reads an instant's day in UTC", () => {
    expect(formatLongDate(new Date('2026-11-24T23:30:00Z'))).toBe('November 24, 2026');
    expect(formatLongDate(new Date('2026-11-25T00:30:00+02:00'))).toBe('November 24, 2026');
  });

  it('writes German dates', () => {
    expect(formatLongDate('2026-05-04', 'de-DE')).toBe('4. Mai 2026');
    expect(formatFullDate('2026-05-04', 'de-DE')).toBe('Montag, 4. Mai 2026');
    expect(formatMonthDay('2026-05-04', 'de-DE')).toBe('4. Mai');
    expect(formatMonthYear('2026-05-04', 'de-DE')).toBe('Mai 2026');
    expect(formatMonthName('2026-12-01', 'short', 'de-DE')).toBe('Dez');
    expect(formatWeekday('2023-01-01', 'short', 'de-DE')).toBe('So');
  });

  it('writes Russian dates', () => {
    expect(formatLongDate('2026-05-04', 'ru-RU')).toBe('4 мая 2026 г.');
    expect(formatFullDate('2026-05-04', 'ru-RU')).toBe('понедельник, 4 мая 2026 г.');
    expect(formatMonthDay('2026-05-04', 'ru-RU')).toBe('4 мая');
    expect(formatMonthYear('2026-05-04', 'ru-RU')).toBe('май 2026 г.');
    expect(formatWeekday('2023-01-01', 'long', 'ru-RU')).toBe('воскресенье');
  });
});

describe('formatDateTime', () => {
  it('prints date and time in the given time zone', () => {
    expect(formatDateTime('2026-11-24T12:02:00Z', { timeZone: 'UTC' })).toBe('November 24, 2026 at 12:02 PM');
    expect(formatDateTime(new Date('2026-11-24T12:02:00Z'), { timeZone: 'America/New_York' })).toBe(
      'November 24, 2026 at 7:02 AM',
    );
    expect(formatDateTime('2026-11-24T12:02:00Z', { timeZone: 'Europe/Berlin', locale: 'de-DE' })).toBe(
      '24. November 2026 um 13:02',
    );
    expect(formatDateTime('2026-11-24T12:02:00Z', { timeZone: 'Europe/Moscow', locale: 'ru-RU' })).toBe(
      '24 ноября 2026 г. в 15:02',
    );
  });
});
