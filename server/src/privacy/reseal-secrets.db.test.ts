import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.ts';
import { createTestCalendar } from '../../test/test-payments.ts';
import { userProfiles } from '../account/schema.ts';
import { user } from '../auth/schema.ts';
import { calendars } from '../calendars/schema.ts';
import { createSecretBox } from '../lib/secret-box.ts';
import { preparePayoutRecipient } from '../payments/payout-recipients.ts';
import { resealSecrets } from './reseal-secrets.ts';

const OLD = 'old-secret-'.padEnd(40, 'o');
const NEW = 'new-secret-'.padEnd(40, 'n');
const IBAN = 'DE89370400440532013000';

let t: Awaited<ReturnType<typeof createTestApp>>;

// A server after the rotation: APP_SECRET is the new secret, the old one is kept as previous.
beforeAll(async () => {
  t = await createTestApp({ env: { APP_SECRET: NEW, APP_PREVIOUS_SECRETS: OLD } });
});
afterAll(() => t.close());

const sealedWithOld = (plaintext: string) => createSecretBox([OLD], 'iban').seal(plaintext);

async function readSealed(calendarId: string) {
  const [row] = await t.db
    .select({ sealed: calendars.ibanEncrypted })
    .from(calendars)
    .where(eq(calendars.id, calendarId));
  return row!.sealed!;
}

describe('bank accounts sealed before APP_SECRET was rotated', () => {
  it('are read with the previous secret, resealed with the new one once, and then need no old secret', async () => {
    const { calendar, email } = await createTestCalendar(t);
    await t.db
      .update(calendars)
      .set({ ibanEncrypted: sealedWithOld(IBAN), status: 'active' })
      .where(eq(calendars.id, calendar.id));
    const [owner] = await t.db.select({ id: user.id }).from(user).where(eq(user.email, email));
    await t.db.insert(userProfiles).values({ userId: owner!.id, ibanEncrypted: sealedWithOld('GB:200000:55779911') });

    // Still usable before the job ran: the payout recipient is made from the old ciphertext.
    await preparePayoutRecipient(t.context, calendar.id);
    const [prepared] = await t.db.select().from(calendars).where(eq(calendars.id, calendar.id));
    expect(prepared!.payoutRecipientRef).toBeTruthy();

    expect(await resealSecrets(t.context)).toEqual({ resealed: 2, unreadable: 0 });
    const newOnly = createSecretBox([NEW], 'iban');
    expect(newOnly.open(await readSealed(calendar.id))).toBe(IBAN);
    const [profile] = await t.db.select().from(userProfiles).where(eq(userProfiles.userId, owner!.id));
    expect(newOnly.open(profile!.ibanEncrypted!)).toBe('GB:200000:55779911');

    // Run again (or by another server after an interruption): nothing left to do.
    expect(await resealSecrets(t.context)).toEqual({ resealed: 0, unreadable: 0 });
  });

  it('leaves a value no key of the ring opens as it is, and counts it', async () => {
    const { calendar } = await createTestCalendar(t);
    const foreign = createSecretBox(['a-secret-nobody-kept'.padEnd(40, 'x')], 'iban').seal(IBAN);
    await t.db.update(calendars).set({ ibanEncrypted: foreign }).where(eq(calendars.id, calendar.id));

    expect(await resealSecrets(t.context)).toEqual({ resealed: 0, unreadable: 1 });
    expect(await readSealed(calendar.id)).toBe(foreign);
  });
});
