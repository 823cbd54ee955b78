import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.ts';
import { TEST_ORIGIN } from '../../test/test-users.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  t = await createTestApp({ env: { TRUST_PROXY: 'true' } });
});
afterAll(() => t.close());

const subscribe = (forwardedFor: string, index: number) =>
  t.app.request('/api/emails/subscribe', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, 'x-forwarded-for': forwardedFor },
    body: JSON.stringify({ email: `reader${index}@example.com` }),
  });

describe('per-IP limits behind a trusted proxy', () => {
  it('count the address the proxy added, so a forged X-Forwarded-For does not give a fresh allowance', async () => {
    // The newsletter allows 5 sign-ups per address in 10 minutes.
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await subscribe(`198.51.100.${i}, 203.0.113.9`, i)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    // Another real client behind the same proxy has its own allowance.
    expect((await subscribe('198.51.100.1, 203.0.113.10', 99)).status).toBe(200);
  });
});
