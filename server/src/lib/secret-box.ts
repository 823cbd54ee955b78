import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Authenticated encryption for personal data at rest (bank accounts): AES-256-GCM with a key
 * derived for this purpose from each secret of the key ring (APP_SECRET first, then
 * APP_PREVIOUS_SECRETS; decision 035). Output: `<key id>.<base64url of iv (12 bytes) · tag (16 bytes)
 * · ciphertext>`, sealed with the newest key; the id says which key opens it, so a secret can be
 * rotated while older data stays readable until the re-encryption job (reseal-secrets.ts) moves it.
 */
export function createSecretBox(secrets: readonly string[], purpose: string) {
  const keys = secrets.map((secret) => {
    const key = Buffer.from(hkdfSync('sha256', secret, 'firstday', purpose, 32));
    // A fingerprint of the derived key, not of the secret: it tells nothing about either.
    return { id: createHash('sha256').update(key).digest('base64url').slice(0, 8), key };
  });
  const [newest] = keys;
  if (!newest) throw new Error('the key ring is empty');

  const openWith = (key: Buffer, data: Buffer) => {
    const decipher = createDecipheriv('aes-256-gcm', key, data.subarray(0, 12));
    decipher.setAuthTag(data.subarray(12, 28));
    return Buffer.concat([decipher.update(data.subarray(28)), decipher.final()]).toString('utf8');
  };

  return {
    seal(plaintext: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', newest.key, iv);
      const encrypted = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return `${newest.id}.${Buffer.concat([iv, cipher.getAuthTag(), encrypted]).toString('base64url')}`;
    },
    open(sealed: string): string {
      const dot = sealed.indexOf('.');
      // Sealed before key ids (a single APP_SECRET): whichever key of the ring authenticates it.
      if (dot === -1) {
        const data = Buffer.from(sealed, 'base64url');
        for (const { key } of keys) {
          try {
            return openWith(key, data);
          } catch {}
        }
        throw new Error('no key of the ring opens this value (was its secret dropped from APP_PREVIOUS_SECRETS?)');
      }
      const id = sealed.slice(0, dot);
      const match = keys.find((key) => key.id === id);
      if (!match)
        throw new Error(`the key ${id} is not in the ring (was its secret dropped from APP_PREVIOUS_SECRETS?)`);
      return openWith(match.key, Buffer.from(sealed.slice(dot + 1), 'base64url'));
    },
    /** How every value sealed with the newest key starts; others are for the re-encryption job. */
    newestKeyPrefix: `${newest.id}.`,
    isSealedWithNewestKey(sealed: string): boolean {
      return sealed.startsWith(`${newest.id}.`);
    },
  };
}

export type SecretBox = ReturnType<typeof createSecretBox>;
