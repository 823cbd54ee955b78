import { LOCALES } from '@firstday/common/locales';
import { RETENTION_TEXT_VALUES } from '@firstday/common/retention-schedule';
import { describe, expect, it } from 'vitest';
import { createServerI18n } from '../i18n/catalogues.server.ts';

// The privacy page's 'How long we keep data' says what the retention job does (decision 029):
// the periods come from common/src/retention-schedule.ts, and the specification's own sentences
// (3 years, 7 years, 12 months) must match it.
const read = (id: string) =>
  createServerI18n('en')
    ._(id, RETENTION_TEXT_VALUES)
    .replace(/<\/?\d>/g, '');

describe('the privacy page’s retention periods', () => {
  it('are the schedule’s, in the specification’s sentences', () => {
    expect(RETENTION_TEXT_VALUES).toMatchObject({ inactiveYears: 3, transactionYears: 7, mailLogMonths: 12 });
    expect(read('legal.privacy.retention.li1_1')).toContain(
      `${RETENTION_TEXT_VALUES.inactiveYears} years of inactivity`,
    );
    expect(read('legal.privacy.retention.li1_2')).toContain(`${RETENTION_TEXT_VALUES.transactionYears} years`);
    expect(read('legal.privacy.retention.li1_3')).toContain(`${RETENTION_TEXT_VALUES.mailLogMonths} months`);
  });

  it('name each period of the schedule from its values', () => {
    expect(read('legal.privacy.retention.guests')).toContain(
      `${RETENTION_TEXT_VALUES.guestMonths} months after it ends`,
    );
    expect(read('legal.privacy.retention.declined')).toContain(`after ${RETENTION_TEXT_VALUES.declinedDays} days`);
    expect(read('legal.privacy.retention.emails')).toContain(`${RETENTION_TEXT_VALUES.mailLogMonths} months`);
    expect(read('legal.privacy.retention.sessions')).toContain(`after ${RETENTION_TEXT_VALUES.unverifiedDays} days`);
    expect(read('legal.privacy.retention.inactivity')).toContain(`${RETENTION_TEXT_VALUES.warningDays} days ahead`);
  });

  it.each(LOCALES)(
    '%s: the added retention texts take their periods from the schedule, not from the catalogue',
    (locale) => {
      const i18n = createServerI18n(locale);
      const other = Object.fromEntries(Object.keys(RETENTION_TEXT_VALUES).map((name) => [name, 99]));
      for (const key of ['guests', 'declined', 'emails', 'sessions', 'inactivity']) {
        expect(i18n._(`legal.privacy.retention.${key}`, other), key).toContain('99');
      }
    },
  );
});
