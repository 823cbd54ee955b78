import { describe, expect, it } from 'vitest';
import { createSecretBox } from './secret-box.ts';

describe('createSecretBox', () => {
  const box = createSecretBox('s'.repeat(32), 'iban');

  it('round-trips and never repeats a ciphertext', () => {
    const first = box.seal('DE89370400440532013000');
    expect(first).not.toContain('3704');
    expect(box.seal('DE89370400440532013000')).not.toBe(first);
    expect(box.open(first)).toBe('DE89370400440532013000');
  });

  it('refuses a tampered ciphertext or another purpose', () => {
    const sealed = box.seal('secret');
    // The second-to-last character, changed for sure (the last may carry only padding bits).
    const tampered = `${sealed.slice(0, -2)}${sealed.at(-2) === 'A' ? 'B' : 'A'}${sealed.slice(-1)}`;
    expect(tampered).not.toBe(sealed);
    expect(() => box.open(tampered)).toThrow();
    expect(() => createSecretBox('s'.repeat(32), 'other').open(sealed)).toThrow();
  });
});
