import { and, eq, inArray, lt, notExists } from 'drizzle-orm';
import { announcements } from '../announcements/schema.ts';
import { calendars } from '../calendars/schema.ts';
import type { Db } from '../lib/db.ts';
import type { Env } from '../lib/env.ts';
import { getImageBlobStore } from './image-store.ts';
import { images, imageVariants } from './schema.ts';

export const DELETE_UNUSED_IMAGES_JOB = 'delete-unused-images';

/** An upload may sit in an open form this long before it is saved on a calendar or an announcement. */
export const UNUSED_IMAGE_GRACE_MS = 24 * 3600_000;
const BATCH = 200;

/**
 * Deletes photos nobody uses a day after their upload: neither a calendar's cover nor an
 * announcement's baby photo (a replaced or removed photo, an upload whose form was abandoned).
 * Their bytes go too: with the rows in PostgreSQL, or from the bucket first with `IMAGE_STORE=s3`.
 */
export async function deleteUnusedImages(context: { db: Db; env: Env }, now = new Date()): Promise<number> {
  const isUnused = () =>
    and(
      notExists(context.db.select().from(calendars).where(eq(calendars.coverImageId, images.id))),
      notExists(context.db.select().from(announcements).where(eq(announcements.babyImageId, images.id))),
    );
  const unused = await context.db
    .select({ id: images.id })
    .from(images)
    .where(and(lt(images.createdAt, new Date(now.getTime() - UNUSED_IMAGE_GRACE_MS)), isUnused()))
    .limit(BATCH);
  if (unused.length === 0) return 0;
  const ids = unused.map((row) => row.id);
  const store = getImageBlobStore(context.env);
  const outside =
    store.kind === 'postgres'
      ? []
      : await context.db
          .select({ imageId: imageVariants.imageId, storageKey: imageVariants.storageKey })
          .from(imageVariants)
          .where(inArray(imageVariants.imageId, ids));
  // Still unused at the moment of deletion: a photo saved on a calendar meanwhile stays.
  const deleted = await context.db
    .delete(images)
    .where(and(inArray(images.id, ids), isUnused()))
    .returning({ id: images.id });
  // The rows first: bytes left in a bucket by a failure here are never served.
  const deletedIds = new Set(deleted.map((row) => row.id));
  for (const row of outside) if (deletedIds.has(row.imageId)) await store.remove(row);
  return deleted.length;
}
