import { randomUUID } from 'node:crypto';
import { CREATION_FEE_AMOUNT, toIsoDate } from '@firstday/common/calendars';
import { maskIban } from '@firstday/common/iban';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../app-context.ts';
import { user } from '../auth/schema.ts';
import { generateSlug } from '../calendars/calendar-service.ts';
import { calendars } from '../calendars/schema.ts';
import { createSecretBox } from '../lib/secret-box.ts';
import { payments } from '../payments/schema.ts';

export const DEMO_CREDENTIALS = { email: 'demo@firstday.app', password: 'firstday-demo' };
const DEMO_IBAN = 'DE89370400440532013000';

/**
 * On the embedded default only (development, PGlite, no account yet): a verified demo creator with
 * one active calendar, so a newcomer can look around at once. Returns the credentials when it
 * seeded, otherwise undefined. Never runs in production or against a PostgreSQL server.
 */
export async function seedDemoData(context: AppContext): Promise<typeof DEMO_CREDENTIALS | undefined> {
  const { env, db } = context;
  if (env.NODE_ENV !== 'development' || env.DATABASE_URL) return undefined;
  const [existing] = await db.select({ count: sql<number>`count(*)`.mapWith(Number) }).from(user);
  if (existing && existing.count > 0) return undefined;

  const { user: demo } = await context.auth.api.signUpEmail({
    body: { name: 'Demo Parent', ...DEMO_CREDENTIALS },
  });
  await db.update(user).set({ emailVerified: true }).where(eq(user.id, demo.id));

  const box = createSecretBox(env.APP_SECRETS, 'iban');
  const calendarId = randomUUID();
  const dueDate = toIsoDate(new Date(Date.now() + 21 * 24 * 60 * 60 * 1000));
  await db.insert(calendars).values({
    id: calendarId,
    ownerId: demo.id,
    slug: generateSlug(),
    status: 'active',
    firstName: 'Demo',
    lastName: 'Parent',
    dueDate,
    ibanEncrypted: box.seal(DEMO_IBAN),
    ibanMasked: maskIban(DEMO_IBAN),
    wizardStep: 5,
    activatedAt: new Date(),
  });
  await db.insert(payments).values({
    id: randomUUID(),
    calendarId,
    purpose: 'fee',
    provider: 'sandbox',
    providerRef: `sbx_demo_${calendarId}`,
    amount: CREATION_FEE_AMOUNT,
    status: 'succeeded',
    method: 'card',
    cardLast4: '4242',
    idempotencyKey: `demo-seed-${calendarId}`,
  });
  return DEMO_CREDENTIALS;
}
