import { randomUUID } from 'node:crypto';
import { addDays } from '@firstday/common/guess-window';
import { asc, eq } from 'drizzle-orm';
import { user } from '../auth/schema.ts';
import { calendars } from '../calendars/schema.ts';
import type { Db } from '../lib/db.ts';
import { recordPaymentSucceeded } from '../payments/ledger.ts';
import { payments } from '../payments/schema.ts';
import { contributions } from './schema.ts';

type DemoWish = {
  name: string;
  /** The guessed day, counted from the due date. */
  dueDateOffset: number;
  wish: string;
  /** Minor units of the calendar's currency; 0 for none. */
  giftAmount: number;
  /** How long ago it arrived; the older ones the parents have already opened. */
  daysAgo: number;
  read: boolean;
};

/** What a week of sharing brings: family and friends, some with a gift, most of them not yet opened. */
export const DEMO_WISHES: readonly DemoWish[] = [
  {
    name: 'Grandma Rose',
    dueDateOffset: -2,
    wish: 'We can’t wait to hold you, little one. Grandpa has painted the cradle already — twice. All our love.',
    giftAmount: 5000,
    daysAgo: 6,
    read: true,
  },
  {
    name: 'Sophie',
    dueDateOffset: -5,
    wish: 'Counting the days with you both! A little something for the first bath toys. Hugs 💕',
    giftAmount: 2500,
    daysAgo: 5,
    read: true,
  },
  {
    name: 'Uncle Max',
    dueDateOffset: 4,
    wish: 'My money is on a late arrival: babies in this family always take their time. Welcome to the world, kiddo!',
    giftAmount: 0,
    daysAgo: 4,
    read: true,
  },
  {
    name: 'James from work',
    dueDateOffset: -1,
    wish: 'A guess from the whole team: we say a Tuesday. Best wishes to all three of you, and get some sleep now!',
    giftAmount: 0,
    daysAgo: 3,
    read: false,
  },
  {
    name: 'The Nguyen family',
    dueDateOffset: 1,
    wish: 'From your neighbours across the hall: we promise to keep the noise down. Congratulations!',
    giftAmount: 2000,
    daysAgo: 2,
    read: false,
  },
  {
    name: 'Aunt Lisa 🎀',
    dueDateOffset: 0,
    wish: 'Right on the due date, I can feel it. Sleep while you can!',
    giftAmount: 0,
    daysAgo: 1,
    read: false,
  },
  {
    name: 'Grandpa Walter',
    dueDateOffset: 2,
    wish: 'For the first of many adventures. I’ll teach you to fish as soon as you can hold a rod.',
    giftAmount: 10_000,
    daysAgo: 0,
    read: false,
  },
];

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The demo account's calendar gets guesses with wishes (some with a paid gift, with their ledger
 * entries), so its wishes inbox and its page look alive. Development only (server.ts, after
 * dev/demo-seed.ts made the account); digests and gift e-mails are not sent for them.
 */
export async function seedDemoWishes(db: Db, ownerEmail: string): Promise<void> {
  const [calendar] = await db
    .select({ id: calendars.id, dueDate: calendars.dueDate, currency: calendars.currency })
    .from(calendars)
    .innerJoin(user, eq(user.id, calendars.ownerId))
    .where(eq(user.email, ownerEmail))
    .orderBy(asc(calendars.createdAt))
    .limit(1);
  if (!calendar?.dueDate) return;
  const { id: calendarId, dueDate, currency } = calendar;
  const now = Date.now();
  await db.transaction(async (tx) => {
    for (const [index, demo] of DEMO_WISHES.entries()) {
      const createdAt = new Date(now - demo.daysAgo * DAY_MS - (DEMO_WISHES.length - index) * 60_000);
      let paymentId: string | null = null;
      if (demo.giftAmount > 0) {
        paymentId = randomUUID();
        const [payment] = await tx
          .insert(payments)
          .values({
            id: paymentId,
            calendarId,
            purpose: 'gift',
            provider: 'sandbox',
            providerRef: `sbx_demo_${paymentId}`,
            amount: demo.giftAmount,
            currency,
            status: 'succeeded',
            method: 'card',
            cardLast4: '4242',
            idempotencyKey: `demo-gift-${paymentId}`,
            createdAt,
          })
          .returning();
        await recordPaymentSucceeded(tx, payment!);
      }
      await tx.insert(contributions).values({
        id: randomUUID(),
        calendarId,
        name: demo.name,
        email: `${demo.name
          .toLowerCase()
          .replace(/[^a-z]+/g, '.')
          .replace(/^\.|\.$/g, '')}@example.com`,
        guessedDate: addDays(dueDate, demo.dueDateOffset),
        wish: demo.wish,
        giftAmount: demo.giftAmount > 0 ? demo.giftAmount : null,
        currency,
        paymentId,
        status: 'confirmed',
        readAt: demo.read ? createdAt : null,
        digestedAt: createdAt,
        idempotencyKey: `demo-wish-${calendarId}-${index}`,
        createdAt,
        updatedAt: createdAt,
      });
    }
  });
}
