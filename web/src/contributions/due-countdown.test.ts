import { describe, expect, it } from 'vitest';
import { createServerI18n } from '../i18n/catalogues.server.ts';
import type { Translate } from '../i18n/use-t.tsx';
import { describeDueCountdown as describe_, getDaysUntil, getLocalToday } from './due-countdown.ts';

const i18n = createServerI18n('en');
const t: Translate = (id, values) => i18n._(id, values);
const describeDueCountdown = (dueDate: string, today: string) => describe_(dueDate, today, t);

describe('describeDueCountdown', () => {
  it('counts the days to go, across months and a leap day', () => {
    expect(describeDueCountdown('2026-12-16', '2026-11-23')).toEqual({ headline: '23 days to go' });
    expect(getDaysUntil('2028-03-01', '2028-02-28')).toBe(2);
    expect(describeDueCountdown('2026-11-24', '2026-11-23').headline).toBe('1 day to go');
  });

  it('says due today, then something kind once the day has passed', () => {
    expect(describeDueCountdown('2026-11-23', '2026-11-23').headline).toBe('Due today');
    expect(describeDueCountdown('2026-11-22', '2026-11-23')).toEqual({
      headline: 'Any day now',
      detail: 'The due date was yesterday. Babies come when they are ready – thank you for waiting with us.',
    });
    expect(describeDueCountdown('2026-11-13', '2026-11-23').detail).toContain('10 days ago');
  });

  it('reads today in the local calendar', () => {
    expect(getLocalToday(new Date(2026, 0, 5, 23, 30))).toBe('2026-01-05');
  });
});
