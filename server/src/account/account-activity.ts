import type { Db } from '../lib/db.ts';
import { accountActivity } from './schema.ts';

/** Records that the account is in use now; a pending inactivity warning no longer applies. */
export async function recordAccountActivity(db: Db, userId: string | undefined, now = new Date()): Promise<void> {
  if (!userId) return;
  await db
    .insert(accountActivity)
    .values({ userId, lastActiveAt: now })
    .onConflictDoUpdate({ target: accountActivity.userId, set: { lastActiveAt: now, inactivityWarnedAt: null } });
}
