import type { UploadedImage } from '@firstday/common/images';
import type { Db } from '../lib/db.ts';
import type { Env } from '../lib/env.ts';
import type { ImageTicket } from './image-gate.ts';
import { saveImage } from './image-store.ts';
import { processImage } from './process-image.ts';

/**
 * `POST /api/images`: checks and re-encodes the photo (process-image.ts) in one of the server's
 * decode slots (image-gate.ts), then stores its variants. A photo that cannot be read throws a 400
 * before anything is stored.
 */
export async function uploadImage(
  context: { db: Db; env: Env },
  ownerId: string,
  bytes: Uint8Array,
  ticket: Pick<ImageTicket, 'decode'>,
): Promise<UploadedImage> {
  const processed = await ticket.decode(() => processImage(bytes));
  return saveImage(context, ownerId, processed);
}
