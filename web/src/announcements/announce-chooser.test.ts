import type { OwnerCalendar } from '@firstday/common/calendars';
import { describe, expect, it } from 'vitest';
import { createServerI18n } from '../i18n/catalogues.server.ts';
import type { Translate } from '../i18n/use-t.tsx';
import { getAnnounceAction as getAnnounceActionIn } from './announce-chooser.tsx';

const i18n = createServerI18n('en');
const t: Translate = (id, values) => i18n._(id, values);
const getAnnounceAction = (calendars: OwnerCalendar[]) => getAnnounceActionIn(calendars, t);

function makeCalendar(id: string, overrides: Partial<OwnerCalendar> = {}): OwnerCalendar {
  return { id, title: `Calendar ${id}`, status: 'active', participants: 2, ...overrides } as OwnerCalendar;
}

describe('getAnnounceAction', () => {
  it('offers nothing without an active calendar', () => {
    expect(
      getAnnounceAction([makeCalendar('d', { status: 'draft' }), makeCalendar('x', { status: 'announced' })]),
    ).toEqual({ kind: 'none' });
  });

  it('announces the only active calendar at once', () => {
    const only = makeCalendar('a');
    expect(getAnnounceAction([makeCalendar('d', { status: 'draft' }), only])).toEqual({
      kind: 'announce',
      calendar: only,
    });
  });

  it('says why the only active calendar cannot be announced when nobody has joined', () => {
    const action = getAnnounceAction([makeCalendar('a', { participants: 0 })]);
    expect(action.kind).toBe('blocked');
    expect(action.kind === 'blocked' && action.reason).toMatch(/^“Calendar a”: Nobody has joined it yet/);
  });

  it('asks which calendar when there are several active ones, even if only one can be announced', () => {
    const calendars = [
      makeCalendar('a'),
      makeCalendar('b', { participants: 0 }),
      makeCalendar('c', { status: 'paid_out' }),
    ];
    expect(getAnnounceAction(calendars)).toEqual({ kind: 'choose', calendars: calendars.slice(0, 2) });
  });

  it('is blocked when none of several active calendars has participants', () => {
    const action = getAnnounceAction([makeCalendar('a', { participants: 0 }), makeCalendar('b', { participants: 0 })]);
    expect(action.kind).toBe('blocked');
    expect(action.kind === 'blocked' && action.reason).toMatch(/^Nobody has joined your calendars yet/);
  });
});
