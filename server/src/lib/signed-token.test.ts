import { describe, expect, it } from 'vitest';
import { createSignedToken, readSignedToken } from './signed-token.ts';

const ring = ['x'.repeat(32)];

describe('signed tokens', () => {
  it('round-trips the subject for the same purpose', () => {
    const token = createSignedToken(ring, 'confirm', 'abc-123');
    expect(readSignedToken(ring, 'confirm', token)).toBe('abc-123');
  });

  it('refuses another purpose, another secret and a tampered token', () => {
    const token = createSignedToken(ring, 'confirm', 'abc-123');
    expect(readSignedToken(ring, 'unsubscribe', token)).toBeUndefined();
    expect(readSignedToken(['y'.repeat(32)], 'confirm', token)).toBeUndefined();
    expect(readSignedToken(ring, 'confirm', token.replace('abc', 'abd'))).toBeUndefined();
    expect(readSignedToken(ring, 'confirm', 'no-signature')).toBeUndefined();
  });

  it('keeps links signed before a rotation working while their secret stays in the ring', () => {
    const before = createSignedToken(ring, 'unsubscribe', 'grace@example.com');
    const rotated = ['z'.repeat(32), ...ring];
    expect(readSignedToken(rotated, 'unsubscribe', before)).toBe('grace@example.com');
    const after = createSignedToken(rotated, 'unsubscribe', 'grace@example.com');
    expect(after).not.toBe(before);
    // A link made after the rotation is not accepted by a server still on the old secret alone.
    expect(readSignedToken(ring, 'unsubscribe', after)).toBeUndefined();
    // Once the old secret leaves the ring, its links stop working.
    expect(readSignedToken(['z'.repeat(32)], 'unsubscribe', before)).toBeUndefined();
  });
});
