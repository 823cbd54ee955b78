import { describe, expect, it } from 'vitest';
import { getRedirectTarget, isSafeRedirect } from './session.ts';

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
