import type { PublicCalendar } from '@firstday/common/contributions';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.ts';
import { createActiveCalendar, makeContribution, postContribution } from '../../test/test-contributions.ts';
import { createTestDatabase, type TestDatabase, testDatabaseKind } from '../../test/test-database.ts';
import { sendJson } from '../../test/test-users.ts';
import type { Database } from '../lib/db.ts';
import { PUBLIC_CALENDAR_CHANNEL } from './public-calendar-cache.ts';

// Two servers on one database (issue 12): a privacy change made through one must show on the
// other within a second, not after the other's cache entry expires.
let database: TestDatabase;
let secondDatabase: Database;
let first: Awaited<ReturnType<typeof createTestApp>>;
let second: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  database = await createTestDatabase();
  first = await createTestApp({ database });
  // On PostgreSQL its own pool and listening connection, as a second server process has.
  secondDatabase = await database.openAnother();
  second = await createTestApp({ database: secondDatabase });
});
afterAll(async () => {
  await second?.close();
  await secondDatabase?.close();
  await first?.close();
  await database?.close();
});

async function readPublic(t: typeof first, slug: string) {
  const response = await t.app.request(`/api/public/calendars/${slug}`);
  expect(response.status).toBe(200);
  return (await response.json()) as PublicCalendar;
}

async function createCalendarWithWish() {
  const { calendar, cookie } = await createActiveCalendar(first, { hideSenderNames: false });
  const posted = await postContribution(
    first,
    calendar.slug,
    await makeContribution(first, { name: 'Zelda Quartermain' }),
  );
  expect(posted.status).toBe(201);
  return { calendar, cookie };
}

const guessNames = (page: PublicCalendar) => page.guesses.map((guess) => guess.name);

describe('public calendar cache across servers', () => {
  it("shows 'Hide sender names' on the other server within a second", async () => {
    const { calendar, cookie } = await createCalendarWithWish();
    // The other server has the page with the names in its cache.
    expect(guessNames(await readPublic(second, calendar.slug))).toEqual(['Zelda Quartermain']);
    expect(guessNames(await readPublic(second, calendar.slug))).toEqual(['Zelda Quartermain']);

    const hidden = await sendJson(first, 'PATCH', `/api/calendars/${calendar.id}`, { hideSenderNames: true }, cookie);
    expect(hidden.status).toBe(200);
    // The server that made the change does not wait for its own notification.
    expect(guessNames(await readPublic(first, calendar.slug))).toEqual(['Z. Q.']);
    await expect
      .poll(async () => guessNames(await readPublic(second, calendar.slug)), { timeout: 1000, interval: 20 })
      .toEqual(['Z. Q.']);
  });

  it('shows a new wish posted on one server on the other within a second', async () => {
    const { calendar } = await createCalendarWithWish();
    expect((await readPublic(second, calendar.slug)).wishes.items).toHaveLength(1);
    const posted = await postContribution(first, calendar.slug, await makeContribution(first, { name: 'Ada' }));
    expect(posted.status).toBe(201);
    await expect
      .poll(async () => (await readPublic(second, calendar.slug)).wishes.items.length, { timeout: 1000, interval: 20 })
      .toBe(2);
  });

  it.skipIf(testDatabaseKind !== 'postgres')(
    'serves nothing stale while the listening connection is down, and listens again (PostgreSQL only)',
    async () => {
      const { calendar, cookie } = await createCalendarWithWish();
      expect(guessNames(await readPublic(second, calendar.slug))).toEqual(['Zelda Quartermain']);
      expect(guessNames(await readPublic(second, calendar.slug))).toEqual(['Zelda Quartermain']);
      const listenersBefore = await findListenerPids();
      expect(listenersBefore).toHaveLength(2);

      // Both servers' listening connections die, and in the same round trip (before either can
      // reconnect) a change is committed and published: nobody hears it. One simple-protocol
      // query: the termination waits until the backends are gone, the rest is one transaction.
      await first.db.execute(
        sql.raw(`select pg_terminate_backend(pid, 2000) from pg_stat_activity
                   where datname = current_database() and application_name = 'firstday-listen';
                 update calendars set hide_sender_names = true where id = '${calendar.id}';
                 select pg_notify('${PUBLIC_CALENDAR_CHANNEL}', '${calendar.id}');`),
      );
      // The other server must not answer from what it cached before the drop.
      await expect
        .poll(async () => guessNames(await readPublic(second, calendar.slug)), { timeout: 1000, interval: 20 })
        .toEqual(['Z. Q.']);

      // Both reconnect on their own and hear the next change.
      await expect
        .poll(async () => (await findListenerPids()).filter((pid) => !listenersBefore.includes(pid)).length, {
          timeout: 3000,
        })
        .toBe(2);
      expect(guessNames(await readPublic(second, calendar.slug))).toEqual(['Z. Q.']);
      const shown = await sendJson(first, 'PATCH', `/api/calendars/${calendar.id}`, { hideSenderNames: false }, cookie);
      expect(shown.status).toBe(200);
      await expect
        .poll(async () => guessNames(await readPublic(second, calendar.slug)), { timeout: 1000, interval: 20 })
        .toEqual(['Zelda Quartermain']);
    },
  );
});

async function findListenerPids(): Promise<number[]> {
  const result = (await first.db.execute(
    sql`select pid from pg_stat_activity where datname = current_database() and application_name = 'firstday-listen'`,
  )) as unknown as { rows: { pid: number }[] };
  return result.rows.map((row) => Number(row.pid));
}
