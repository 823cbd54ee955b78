import { describe, expect, it } from 'vitest';
import { isAppRoute } from './site.ts';

describe('isAppRoute', () => {
  it.each([
    '/login',
    '/signup/',
    '/my_calendars',
    '/my_calendars/calendar_info',
    '/my_calendars/abc/thank_yous',
    '/settings',
  ])('%s is an app route', (path) => {
    expect(isAppRoute(path)).toBe(true);
  });

  it.each(['/', '/nope', '/login/extra', '/my_calendars/unknown/deeper', '/loginx'])('%s is not', (path) => {
    expect(isAppRoute(path)).toBe(false);
  });
});
