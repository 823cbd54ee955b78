import { createHash } from 'node:crypto';

/**
 * A key made of client input (an e-mail address, an IP, an idempotency key) as it is stored in a
 * shared table: a hash, so any text fits (PostgreSQL refuses NUL in text) and the table holds no
 * addresses in the clear.
 */
export function hashKey(key: string): string {
  return createHash('sha256').update(key).digest('base64url');
}
