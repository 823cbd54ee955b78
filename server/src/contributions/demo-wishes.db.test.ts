import type { OwnerWish } from '@firstday/common/contributions';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.ts';
import { createTestCalendar } from '../../test/test-payments.ts';
import { calendars } from '../calendars/schema.ts';
import { DEMO_WISHES, seedDemoWishes } from './demo-wishes.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it("fills the demo calendar's inbox: guesses with wishes, some with gifts that count as raised, most unread", async () => {
  const { calendar, email, cookie } = await createTestCalendar(t);
  await t.db.update(calendars).set({ status: 'active' }).where(eq(calendars.id, calendar.id));
  await seedDemoWishes(t.db, email);

  const inbox = (await (await t.app.request('/api/wishes', { headers: { cookie } })).json()) as {
    items: OwnerWish[];
    unread: number;
  };
  expect(inbox.items).toHaveLength(DEMO_WISHES.length);
  expect(inbox.items[0]).toMatchObject({ name: 'Grandpa Walter', giftAmount: 10_000, read: false });
  expect(inbox.unread).toBe(DEMO_WISHES.filter((wish) => !wish.read).length);
  expect(inbox.items.filter((wish) => wish.giftAmount > 0).length).toBeGreaterThanOrEqual(3);
  for (const wish of inbox.items) expect(wish.predictedDate).toMatch(/^2030-01-\d\d$/);

  const raised = DEMO_WISHES.reduce((sum, wish) => sum + wish.giftAmount, 0);
  const owner = await (await t.app.request(`/api/calendars/${calendar.id}`, { headers: { cookie } })).json();
  expect(owner).toMatchObject({ participants: DEMO_WISHES.length, raisedAmount: raised });
});
