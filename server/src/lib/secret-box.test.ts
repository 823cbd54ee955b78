import { createCipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSecretBox } from './secret-box.ts';

const OLD = 's'.repeat(32);
const NEW = 'n'.repeat(32);

describe('createSecretBox', () => {
  const box = createSecretBox([OLD], 'iban');

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
    expect(() => createSecretBox([OLD], 'other').open(sealed)).toThrow();
  });
});

describe('a rotated key ring', () => {
  const before = createSecretBox([OLD], 'iban');
  const after = createSecretBox([NEW, OLD], 'iban');

  it('opens what the old secret sealed and seals new data with the new one', () => {
    const old = before.seal('DE89370400440532013000');
    expect(after.open(old)).toBe('DE89370400440532013000');
    expect(after.isSealedWithNewestKey(old)).toBe(false);

    const resealed = after.seal(after.open(old));
    expect(after.isSealedWithNewestKey(resealed)).toBe(true);
    expect(createSecretBox([NEW], 'iban').open(resealed)).toBe('DE89370400440532013000');
    expect(() => before.open(resealed)).toThrow(/not in the ring/);
  });

  it('opens values sealed before key ids existed, with whichever secret of the ring sealed them', () => {
    // The format of the first release: base64url of iv · tag · ciphertext, no key id.
    const key = Buffer.from(hkdfSync('sha256', OLD, 'firstday', 'iban', 32));
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    const encrypted = Buffer.concat([cipher.update('GB:200000:55779911', 'utf8'), cipher.final()]);
    const legacy = Buffer.concat([iv, cipher.getAuthTag(), encrypted]).toString('base64url');

    expect(after.open(legacy)).toBe('GB:200000:55779911');
    expect(after.isSealedWithNewestKey(legacy)).toBe(false);
    expect(() => createSecretBox([NEW], 'iban').open(legacy)).toThrow(/no key of the ring/);
  });
});
