import type { UploadedImage } from '@firstday/common/images';
import type { Db } from '../lib/db.ts';
import type { Env } from '../lib/env.ts';
import { saveImage } from './image-store.ts';
import { processImage } from './process-image.ts';

/**
 * Photos decoded at once in this process. A 12 MP iPhone HEIC takes about 7 s and 300 MB in
 * WebAssembly (measured, decision 018): more at once would only share the two cores and add memory.
 */
const MAX_CONCURRENT_DECODES = 2;
let running = 0;
const waiting: (() => void)[] = [];

async function withDecodeSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT_DECODES) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await work();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

/**
 * `POST /api/images`: checks and re-encodes the photo (process-image.ts), then stores its
 * variants. A photo that cannot be read throws a 400 before anything is stored.
 */
export async function uploadImage(
  context: { db: Db; env: Env },
  ownerId: string,
  bytes: Uint8Array,
): Promise<UploadedImage> {
  const processed = await withDecodeSlot(() => processImage(bytes));
  return saveImage(context, ownerId, processed);
}
