import { and, asc, eq, gt, isNotNull, notLike } from 'drizzle-orm';
import { userProfiles } from '../account/schema.ts';
import type { AppContext } from '../app-context.ts';
import { calendars } from '../calendars/schema.ts';
import { createSecretBox } from '../lib/secret-box.ts';

export const RESEAL_SECRETS_JOB = 'reseal-secrets';
const BATCH_SIZE = 100;

/** A table's sealed bank accounts, read and written a batch at a time. */
type SealedColumn = {
  read(after: string | undefined, newestKeyPrefix: string): Promise<{ id: string; sealed: string | null }[]>;
  /** Writes only if the row still holds `old`: a bank account changed meanwhile is already sealed anew. */
  write(id: string, old: string, sealed: string): Promise<void>;
};

/**
 * After APP_SECRET is rotated (decision 028), reseals every stored bank account still sealed with an
 * earlier secret of the ring, so that secret can later leave APP_PREVIOUS_SECRETS. Batches in id
 * order, each row written only if unchanged: safe to interrupt, and a run finds nothing to do once
 * all is resealed. A value no key of the ring opens is counted and left as it is.
 */
export async function resealSecrets(context: Pick<AppContext, 'db' | 'env' | 'logger'>) {
  const box = createSecretBox(context.env.APP_SECRETS, 'iban');
  const { db } = context;
  const columns: Record<string, SealedColumn> = {
    calendars: {
      read: (after, prefix) =>
        db
          .select({ id: calendars.id, sealed: calendars.ibanEncrypted })
          .from(calendars)
          .where(
            and(
              isNotNull(calendars.ibanEncrypted),
              notLike(calendars.ibanEncrypted, `${prefix}%`),
              after === undefined ? undefined : gt(calendars.id, after),
            ),
          )
          .orderBy(asc(calendars.id))
          .limit(BATCH_SIZE),
      write: async (id, old, sealed) => {
        await db
          .update(calendars)
          .set({ ibanEncrypted: sealed })
          .where(and(eq(calendars.id, id), eq(calendars.ibanEncrypted, old)));
      },
    },
    user_profiles: {
      read: (after, prefix) =>
        db
          .select({ id: userProfiles.userId, sealed: userProfiles.ibanEncrypted })
          .from(userProfiles)
          .where(
            and(
              isNotNull(userProfiles.ibanEncrypted),
              notLike(userProfiles.ibanEncrypted, `${prefix}%`),
              after === undefined ? undefined : gt(userProfiles.userId, after),
            ),
          )
          .orderBy(asc(userProfiles.userId))
          .limit(BATCH_SIZE),
      write: async (id, old, sealed) => {
        await db
          .update(userProfiles)
          .set({ ibanEncrypted: sealed })
          .where(and(eq(userProfiles.userId, id), eq(userProfiles.ibanEncrypted, old)));
      },
    },
  };

  let resealed = 0;
  let unreadable = 0;
  for (const [table, column] of Object.entries(columns)) {
    let after: string | undefined;
    for (;;) {
      const rows = await column.read(after, box.newestKeyPrefix);
      for (const { id, sealed } of rows) {
        if (sealed === null) continue;
        let plaintext: string;
        try {
          plaintext = box.open(sealed);
        } catch (error) {
          unreadable += 1;
          context.logger.error({ table, id, err: error }, 'a stored bank account opens with no key of the ring');
          continue;
        }
        await column.write(id, sealed, box.seal(plaintext));
        resealed += 1;
      }
      const last = rows.at(-1);
      if (!last || rows.length < BATCH_SIZE) break;
      after = last.id;
    }
  }
  return { resealed, unreadable };
}
