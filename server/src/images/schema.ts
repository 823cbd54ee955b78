import { customType, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from '../auth/schema.ts';

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * An uploaded photo (a calendar's cover, a baby's announcement photo). The original is never kept:
 * only re-encoded variants without metadata (EXIF, GPS), see image_variants.
 */
export const images = pgTable(
  'images',
  {
    id: uuid('id').primaryKey(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** Of the upright image, after the EXIF orientation was applied. */
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('images_owner_idx').on(table.ownerId)],
);

/** One size and format of an image: its bytes here (the default store) or a key in the S3-compatible store. */
export const imageVariants = pgTable(
  'image_variants',
  {
    imageId: uuid('image_id')
      .notNull()
      .references(() => images.id, { onDelete: 'cascade' }),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    format: text('format', { enum: ['webp', 'jpeg'] }).notNull(),
    byteLength: integer('byte_length').notNull(),
    /** Null when the bytes live in the S3-compatible store under `storageKey`. */
    bytes: bytea('bytes'),
    storageKey: text('storage_key'),
  },
  (table) => [primaryKey({ columns: [table.imageId, table.width, table.format] })],
);

export type ImageRow = typeof images.$inferSelect;
export type ImageVariantRow = typeof imageVariants.$inferSelect;
