import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Stateless tokens for e-mail links: `<subject>.<signature>`, where the signature covers the
 * purpose, so a confirm token can never be used to unsubscribe and vice versa. Signed with the
 * newest secret of the key ring (APP_SECRET); links signed with an earlier one
 * (APP_PREVIOUS_SECRETS) keep working after a rotation.
 */
export function createSignedToken(secrets: readonly string[], purpose: string, subject: string): string {
  const [newest] = secrets;
  if (!newest) throw new Error('the key ring is empty');
  return `${subject}.${sign(newest, purpose, subject)}`;
}

/** Returns the subject when the token is genuine for this purpose, otherwise undefined. */
export function readSignedToken(secrets: readonly string[], purpose: string, token: string): string | undefined {
  const dot = token.lastIndexOf('.');
  if (dot <= 0) return undefined;
  const subject = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1));
  const genuine = secrets.some((secret) => {
    const expected = Buffer.from(sign(secret, purpose, subject));
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  return genuine ? subject : undefined;
}

function sign(secret: string, purpose: string, subject: string): string {
  return createHmac('sha256', secret).update(`${purpose}:${subject}`).digest('base64url');
}
