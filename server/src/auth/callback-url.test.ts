import { describe, expect, it } from 'vitest';
import { isUsableCallbackUrl } from './callback-url.ts';

describe('isUsableCallbackUrl', () => {
  it.each(['/my_calendars', '/login?federated=done&redirect=%2Fsettings', '/', 'http://firstday.test/settings'])(
    'accepts %j',
    (value) => {
      expect(isUsableCallbackUrl(value)).toBe(true);
    },
  );

  it.each(['!', 'my_calendars', '//evil.example', '/\\evil.example', '/\t/evil.example', 'http://'])(
    'refuses %j',
    (value) => {
      expect(isUsableCallbackUrl(value)).toBe(false);
    },
  );
});
