import { randomUUID } from 'node:crypto';
import type { ImageFormat } from '@firstday/common/images';
import { isUuid } from '@firstday/common/uuid';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../lib/db.ts';
import type { Env } from '../lib/env.ts';
import type { ProcessedImage, ProcessedVariant } from './process-image.ts';
import { createS3Client } from './s3-client.ts';
import { images, imageVariants } from './schema.ts';

export const IMAGE_CONTENT_TYPES: Record<ImageFormat, string> = { webp: 'image/webp', jpeg: 'image/jpeg' };

type VariantRow = typeof imageVariants.$inferSelect;

/**
 * Where a variant's bytes live. The variant's row (size, format, length) is always in the
 * database; the bytes are in the row itself (`postgres`) or in a bucket under `storageKey` (`s3`).
 */
export type ImageBlobStore = {
  kind: 'postgres' | 's3';
  /** Stores the bytes (or keeps them for the row): what the row's `bytes` and `storageKey` get. */
  save(imageId: string, variant: ProcessedVariant): Promise<{ bytes: Uint8Array | null; storageKey: string | null }>;
  load(row: Pick<VariantRow, 'bytes' | 'storageKey'>): Promise<Uint8Array | null>;
  /** Deletes the bytes kept outside the row (the row itself goes with its image). */
  remove(row: Pick<VariantRow, 'storageKey'>): Promise<void>;
};

const postgresStore: ImageBlobStore = {
  kind: 'postgres',
  async save(_imageId, variant) {
    return { bytes: variant.bytes, storageKey: null };
  },
  async load(row) {
    return row.bytes ?? null;
  },
  async remove() {},
};

function createS3Store(env: Env): ImageBlobStore {
  const client = createS3Client({
    endpoint: env.S3_ENDPOINT ?? '',
    bucket: env.S3_BUCKET ?? '',
    region: env.S3_REGION,
    accessKeyId: env.S3_ACCESS_KEY_ID ?? '',
    secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? '',
  });
  return {
    kind: 's3',
    async save(imageId, variant) {
      const storageKey = `images/${imageId}/${variant.width}.${variant.format}`;
      await client.putObject(storageKey, variant.bytes, IMAGE_CONTENT_TYPES[variant.format]);
      return { bytes: null, storageKey };
    },
    async load(row) {
      if (row.bytes) return row.bytes;
      return row.storageKey ? client.getObject(row.storageKey) : null;
    },
    async remove(row) {
      if (row.storageKey) await client.deleteObject(row.storageKey);
    },
  };
}

const stores = new WeakMap<Env, ImageBlobStore>();

/** The store IMAGE_STORE names (env.ts checks the S3 settings at start-up). One per configuration. */
export function getImageBlobStore(env: Env): ImageBlobStore {
  let store = stores.get(env);
  if (!store) {
    store = env.IMAGE_STORE === 's3' ? createS3Store(env) : postgresStore;
    stores.set(env, store);
  }
  return store;
}

/**
 * Saves a processed upload for `ownerId`: the bytes first (a bucket cannot join the transaction),
 * then the image and all its variants' rows in one transaction, so a failure leaves no row.
 */
export async function saveImage(
  context: { db: Db; env: Env },
  ownerId: string,
  processed: ProcessedImage,
): Promise<{ id: string; width: number; height: number }> {
  const store = getImageBlobStore(context.env);
  const id = randomUUID();
  const rows: (typeof imageVariants.$inferInsert)[] = [];
  for (const variant of processed.variants) {
    const saved = await store.save(id, variant);
    rows.push({
      imageId: id,
      width: variant.width,
      height: variant.height,
      format: variant.format,
      byteLength: variant.bytes.byteLength,
      ...saved,
    });
  }
  await context.db.transaction(async (tx) => {
    await tx.insert(images).values({ id, ownerId, width: processed.width, height: processed.height });
    await tx.insert(imageVariants).values(rows);
  });
  return { id, width: processed.width, height: processed.height };
}

export type ImageVariant = { bytes: Uint8Array; contentType: string; width: number; height: number };

/**
 * One variant of an image for any server code (the guest page's share image, e-mails, the
 * keepsake PDF): the smallest stored variant at least `width` wide in `format`, or the largest
 * one when the photo is narrower (photos are never upscaled). Null for an unknown image.
 */
export async function readImageVariant(
  context: { db: Db; env: Env },
  imageId: string,
  options: { width: number; format: ImageFormat },
): Promise<ImageVariant | null> {
  if (!isUuid(imageId)) return null;
  const rows = await context.db
    .select({ width: imageVariants.width })
    .from(imageVariants)
    .where(and(eq(imageVariants.imageId, imageId), eq(imageVariants.format, options.format)))
    .orderBy(asc(imageVariants.width));
  if (rows.length === 0) return null;
  const width = (rows.find((row) => row.width >= options.width) ?? rows.at(-1)!).width;
  const [row] = await context.db
    .select()
    .from(imageVariants)
    .where(
      and(eq(imageVariants.imageId, imageId), eq(imageVariants.format, options.format), eq(imageVariants.width, width)),
    );
  if (!row) return null;
  const bytes = await getImageBlobStore(context.env).load(row);
  return bytes && { bytes, contentType: IMAGE_CONTENT_TYPES[options.format], width: row.width, height: row.height };
}

/** Whether `imageId` is an image `ownerId` uploaded (a calendar may only show its owner's photos). */
export async function isOwnImage(db: Db, ownerId: string, imageId: string): Promise<boolean> {
  if (!isUuid(imageId)) return false;
  const [row] = await db
    .select({ id: images.id })
    .from(images)
    .where(and(eq(images.id, imageId), eq(images.ownerId, ownerId)));
  return Boolean(row);
}
