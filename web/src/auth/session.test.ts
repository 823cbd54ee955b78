import { describe, expect, it } from 'vitest';
import { getRedirectTarget, getRequestedTarget, isSafeRedirect, withRedirect } from './session.ts';

describe('isSafeRedirect', () => {
  it('accepts paths on this site', () => {
    expect(isSafeRedirect('/settings')).toBe(true);
    expect(isSafeRedirect('/my_calendars/calendar_info?id=abc#wishes')).toBe(true);
    expect(isSafeRedirect('/')).toBe(true);
  });

  it('refuses anything that could leave the site', () => {
    for (const target of [
      '//evil.example/x',
      '/\\evil.example',
      '/\t/evil.example',
      '\\\\evil.example',
      'https://evil.example',
      'javascript:alert(1)',
      'settings',
      '',
      '/%0a/evil',
    ]) {
      expect(isSafeRedirect(target), target).toBe(target === '/%0a/evil');
    }
    expect(isSafeRedirect(null)).toBe(false);
    expect(isSafeRedirect(undefined)).toBe(false);
  });
});

describe('getRedirectTarget', () => {
  it('goes back to a safe ?redirect=', () => {
    expect(getRedirectTarget(new URLSearchParams('redirect=%2Fsettings%3Ftab%3D1'))).toBe('/settings?tab=1');
  });

  it('falls back to the calendars for unsafe, missing or auth-screen targets', () => {
    expect(getRedirectTarget(new URLSearchParams(''))).toBe('/my_calendars');
    expect(getRedirectTarget(new URLSearchParams('redirect=//evil.example'))).toBe('/my_calendars');
    expect(getRedirectTarget(new URLSearchParams('redirect=/login?redirect=/x'))).toBe('/my_calendars');
  });
});

describe('getRequestedTarget', () => {
  it('is the safe ?redirect= that is not an auth screen, else null (the caller picks its own default)', () => {
    expect(getRequestedTarget(new URLSearchParams('redirect=%2Fcreate_calendar'))).toBe('/create_calendar');
    expect(getRequestedTarget(new URLSearchParams(''))).toBeNull();
    expect(getRequestedTarget(new URLSearchParams('redirect=https://evil.example'))).toBeNull();
    expect(getRequestedTarget(new URLSearchParams('redirect=%2Fsignup%3Fredirect%3D%2Fx'))).toBeNull();
    expect(getRequestedTarget(new URLSearchParams('redirect=/auth/popup-complete'))).toBeNull();
  });
});

describe('withRedirect', () => {
  it('hands a target on to another auth screen, encoded', () => {
    expect(withRedirect('/login', '/create_calendar')).toBe('/login?redirect=%2Fcreate_calendar');
    expect(withRedirect('/signup', '/settings?tab=1')).toBe('/signup?redirect=%2Fsettings%3Ftab%3D1');
    expect(withRedirect('/signup', null)).toBe('/signup');
  });

  it('round-trips through getRequestedTarget', () => {
    const path = withRedirect('/login', '/my_calendars/abc?x=1#y');
    expect(getRequestedTarget(new URL(path, 'https://firstday.invalid').searchParams)).toBe('/my_calendars/abc?x=1#y');
  });
});
