import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, readError } from '../../test/test-app.ts';
import { createVerifiedUser, sendJson, TEST_ORIGIN } from '../../test/test-users.ts';
import { OPEN_AUTH_ROUTES } from './auth-routes.ts';
import { user as users } from './schema.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '1000' } });
});
afterAll(() => t.close());

/** Every HTTP endpoint better-auth itself offers, read from the running instance (so upgrades are covered). */
function listBetterAuthEndpoints(): { method: string; path: string }[] {
  const endpoints: { method: string; path: string }[] = [];
  for (const endpoint of Object.values(t.context.auth.api) as { path?: string; options?: { method?: unknown } }[]) {
    if (!endpoint.path) continue; // server-only calls have no HTTP path
    const methods = endpoint.options?.method;
    for (const method of Array.isArray(methods) ? methods : [methods]) {
      if (method === 'GET' || method === 'POST') endpoints.push({ method, path: endpoint.path });
    }
  }
  return endpoints;
}

const isOpen = (method: string, path: string) =>
  OPEN_AUTH_ROUTES.some((route) => route.method === method && route.path === path);

describe('better-auth endpoints', () => {
  it('answers 404 for every endpoint the product does not use on purpose, even with a session', async () => {
    const { cookie } = await createVerifiedUser(t, 'closed@example.com');
    const closed = listBetterAuthEndpoints().filter((endpoint) => !isOpen(endpoint.method, endpoint.path));
    // The ones the issue names must be among them.
    expect(closed.map((endpoint) => endpoint.path)).toEqual(
      expect.arrayContaining(['/delete-user', '/update-user', '/change-email', '/list-sessions', '/revoke-sessions']),
    );
    for (const { method, path } of closed) {
      const url = `/api/auth${path.replace(/:\w+/g, 'x')}`;
      const response =
        method === 'GET'
          ? await t.app.request(url, { headers: { cookie } })
          : await sendJson(t, 'POST', url, { password: 'correct horse battery', name: 'Mallory' }, cookie);
      expect({ method, path, status: response.status }).toEqual({ method, path, status: 404 });
      expect((await readError(response)).code).toBe('not_found');
    }
  });

  it('cannot delete an account with a session cookie alone', async () => {
    const { cookie } = await createVerifiedUser(t, 'victim@example.com');
    const response = await sendJson(t, 'POST', '/api/auth/delete-user', {}, cookie);
    expect(response.status).toBe(404);
    const [stillThere] = await t.db.select().from(users).where(eq(users.email, 'victim@example.com'));
    expect(stillThere).toBeDefined();
  });

  it('keeps every listed endpoint reachable', async () => {
    const offered = listBetterAuthEndpoints();
    for (const route of OPEN_AUTH_ROUTES) {
      expect(offered).toContainEqual({ method: route.method, path: route.path });
    }
    const session = await t.app.request('/api/auth/get-session', { headers: { origin: TEST_ORIGIN } });
    expect(session.status).toBe(200);
  });
});
