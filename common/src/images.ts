// Uploaded photos (a calendar's cover, the baby's photo): the limits both sides check, and the
// public addresses of the resized variants (served by `GET /images/:id/:width.:ext`).

/** The widths every photo is resized to (never upscaled: a smaller photo keeps its own width). */
export const IMAGE_WIDTHS = [320, 640, 1280] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

export const IMAGE_FORMATS = ['webp', 'jpeg'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

/** The largest file `POST /api/images` accepts. */
export const MAX_IMAGE_UPLOAD_BYTES = 15 * 1024 * 1024;
/** Width × height above this is refused before decoding (decompression bombs); a 48 MP phone photo fits. */
export const MAX_IMAGE_PIXELS = 50_000_000;
/** What the file picker offers; the server checks the bytes, not the name or this type. */
export const IMAGE_ACCEPT = 'image/*';
/** The types the server reads (HEIC/HEIF from iPhones, JPEG, PNG, WebP). */
export const ACCEPTED_IMAGE_TYPES = ['image/heic', 'image/heif', 'image/jpeg', 'image/png', 'image/webp'] as const;

export const IMAGE_TOO_LARGE_MESSAGE = 'This photo is larger than 15 MB. Please choose a smaller one.';
export const NOT_AN_IMAGE_MESSAGE =
  'This file is not a photo we can read. Please choose a JPEG, PNG, WebP or HEIC photo.';
export const TOO_MANY_PIXELS_MESSAGE =
  'This photo has too many pixels (at most 50 megapixels). Please choose a smaller one.';

/** `POST /api/images` answers this. */
export type UploadedImage = { id: string; width: number; height: number };

/** The address of one variant, e.g. `/images/<id>/640.webp`. */
export function imageUrl(id: string, width: ImageWidth, format: ImageFormat = 'webp'): string {
  return `/images/${id}/${width}.${format === 'jpeg' ? 'jpg' : 'webp'}`;
}

/**
 * A `srcset` of all widths. A photo narrower than a width is served at its own size at that
 * address, so the browser may over-estimate a small photo's width: harmless, never blurry.
 */
export function imageSrcSet(id: string, format: ImageFormat = 'webp'): string {
  return IMAGE_WIDTHS.map((width) => `${imageUrl(id, width, format)} ${width}w`).join(', ');
}

/** Why a file cannot be sent, found in the browser before uploading (the server checks again). */
export function checkImageFile(file: { size: number; type: string; name: string }): string | null {
  if (file.size > MAX_IMAGE_UPLOAD_BYTES) return IMAGE_TOO_LARGE_MESSAGE;
  // Some phones give HEIC files no type at all: then the name is a hint, and the server decides.
  if (file.type && !file.type.startsWith('image/')) return NOT_AN_IMAGE_MESSAGE;
  if (!file.type && !/\.(heic|heif|jpe?g|png|webp)$/i.test(file.name)) return NOT_AN_IMAGE_MESSAGE;
  return null;
}
