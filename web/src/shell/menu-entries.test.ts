import { describe, expect, it } from 'vitest';
import { buildLoginRedirect, getAriaCurrent, getBackLink, MENU_ENTRIES, type MenuEntry } from './menu-entries.ts';

function getEntry(label: string): MenuEntry {
  const entry = MENU_ENTRIES.find((candidate) => candidate.label === label);
  if (!entry) throw new Error(label);
  return entry;
}

describe('MENU_ENTRIES', () => {
  it('lists the four signed-in destinations in the specification’s order', () => {
    expect(MENU_ENTRIES.map(({ label, path }) => [label, path])).toEqual([
      ['app.menu.myCalendars', '/my_calendars'],
      ['app.menu.accountSettings', '/settings'],
      ['app.menu.wishes', '/wishes'],
      ['app.menu.investments', '/investments'],
    ]);
  });
});

describe('getAriaCurrent', () => {
  it('marks the entry of the current page', () => {
    expect(getAriaCurrent(getEntry('app.menu.accountSettings'), '/settings')).toBe('page');
    expect(getAriaCurrent(getEntry('app.menu.accountSettings'), '/settings/')).toBe('page');
    expect(getAriaCurrent(getEntry('app.menu.wishes'), '/settings')).toBeUndefined();
  });

  it('marks My calendars as the section of calendar pages', () => {
    const calendars = getEntry('app.menu.myCalendars');
    expect(getAriaCurrent(calendars, '/my_calendars/calendar_info')).toBe('true');
    expect(getAriaCurrent(calendars, '/create_calendar')).toBe('true');
    expect(getAriaCurrent(calendars, '/my_calendarsX')).toBeUndefined();
  });
});

describe('getBackLink', () => {
  it('offers the way back only on calendar info pages', () => {
    expect(getBackLink('/my_calendars/calendar_info')).toBe('/my_calendars');
    expect(getBackLink('/my_calendars/0b6f3c1e-8d2a-4f5e-9c7b-1a2b3c4d5e6f')).toBe('/my_calendars');
    expect(getBackLink('/my_calendars')).toBeUndefined();
    expect(getBackLink('/my_calendars/a/b')).toBeUndefined();
    expect(getBackLink('/settings')).toBeUndefined();
  });
});

describe('buildLoginRedirect', () => {
  it('keeps the path and query for after login', () => {
    expect(buildLoginRedirect({ pathname: '/settings', search: '' })).toBe('/login?redirect=%2Fsettings');
    expect(buildLoginRedirect({ pathname: '/wishes', search: '?id=1&x=2' })).toBe(
      '/login?redirect=%2Fwishes%3Fid%3D1%26x%3D2',
    );
  });
});
