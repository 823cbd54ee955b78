import {
  IMAGE_TOO_LARGE_MESSAGE,
  IMAGE_WIDTHS,
  type ImageFormat,
  MAX_IMAGE_UPLOAD_BYTES,
} from '@firstday/common/images';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppContext } from '../app-context.ts';
import { requireSession } from '../auth/require-session.ts';
import { AppError } from '../lib/errors.ts';
import { readImageVariant } from './image-store.ts';
import { uploadImage } from './upload-image.ts';

/** Room for the multipart envelope (boundaries, headers) around a file of the largest size. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
/** Photos one account may upload per 10 minutes: a parent trying a few, not a script filling the disk. */
const UPLOADS_PER_ACCOUNT = { limit: 30, windowMs: 10 * 60_000 };

export const IMAGE_UPLOAD_PATH = '/api/images';

function tooLarge(): AppError {
  return new AppError('payload_too_large', IMAGE_TOO_LARGE_MESSAGE, 413, { fields: { file: IMAGE_TOO_LARGE_MESSAGE } });
}

/** `POST /api/images` (signed in, multipart field `file`): answers `{ id, width, height }`. */
export function createImageUploadRoutes(context: AppContext) {
  const perAccount = context.limiters.create('image-uploads-per-account', UPLOADS_PER_ACCOUNT);
  return new Hono().post(
    '/',
    // This route's own limit: the API's general one (app.ts) skips it.
    bodyLimit({
      maxSize: MAX_IMAGE_UPLOAD_BYTES + MULTIPART_OVERHEAD_BYTES,
      onError: () => {
        throw tooLarge();
      },
    }),
    async (c) => {
      const { user } = await requireSession(context, c);
      await perAccount.hit(user.id);
      // Before the body is read: a refused upload never holds its 15 MB in memory.
      const ticket = context.imageGate.enter();
      try {
        let file: File | string | null;
        try {
          file = (await c.req.formData()).get('file');
        } catch (error) {
          if (error instanceof AppError) throw error;
          throw new AppError('invalid_upload', 'Please choose a photo to upload.', 400, {
            fields: { file: 'Please choose a photo to upload.' },
          });
        }
        if (!(file instanceof File) || file.size === 0) {
          throw new AppError('invalid_upload', 'Please choose a photo to upload.', 400, {
            fields: { file: 'Please choose a photo to upload.' },
          });
        }
        if (file.size > MAX_IMAGE_UPLOAD_BYTES) throw tooLarge();
        const image = await uploadImage(context, user.id, new Uint8Array(await file.arrayBuffer()), ticket);
        return c.json(image, 201);
      } finally {
        ticket.leave();
      }
    },
  );
}

const VARIANT_FILE = /^(\d+)\.(webp|jpg)$/;
const ONE_YEAR_SECONDS = 31_536_000;
/**
 * Only a photo's id (a UUID) is this route's: every other path under /images (the site's own
 * pictures, `/images/articles/…` of web/public) goes on to the web build's static files.
 */
const PHOTO_ID = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';

/**
 * `GET /images/:id/:width.:ext` (public): a variant, e.g. `/images/<id>/640.webp`. Its bytes never
 * change (a new photo gets a new id), so it is cached for a year.
 */
export function createImageServingRoutes(context: AppContext) {
  return new Hono().get(`/:id{${PHOTO_ID}}/:file`, async (c) => {
    const match = VARIANT_FILE.exec(c.req.param('file'));
    const width = Number(match?.[1]);
    if (!match || !(IMAGE_WIDTHS as readonly number[]).includes(width)) {
      throw AppError.notFound('There is no image at this address.');
    }
    const format: ImageFormat = match[2] === 'jpg' ? 'jpeg' : 'webp';
    const variant = await readImageVariant(context, c.req.param('id'), { width, format });
    if (!variant) throw AppError.notFound('There is no image at this address.');
    c.header('Content-Type', variant.contentType);
    c.header('Cache-Control', `public, max-age=${ONE_YEAR_SECONDS}, immutable`);
    c.header('Content-Length', String(variant.bytes.byteLength));
    return c.body(new Uint8Array(variant.bytes));
  });
}
