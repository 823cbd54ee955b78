import { describe, expect, it } from 'vitest';
import { createSignedToken, readSignedToken } from './signed-token.ts';

const secret = 'x'.repeat(32);

describe('signed tokens', () => {
  it('round-trips the subject for the same purpose', () => {
    const token = createSignedToken(secret, 'confirm', 'abc-123');
    expect(readSignedToken(secret, 'confirm', token)).toBe('abc-123');
  });

  it('refuses another purpose, another secret and a tampered token', () => {
    const token = createSignedToken(secret, 'confirm', 'abc-123');
    expect(readSignedToken(secret, 'unsubscribe', token)).toBeUndefined();
    expect(readSignedToken('y'.repeat(32), 'confirm', token)).toBeUndefined();
    expect(readSignedToken(secret, 'confirm', token.replace('abc', 'abd'))).toBeUndefined();
    expect(readSignedToken(secret, 'confirm', 'no-signature')).toBeUndefined();
  });
});
