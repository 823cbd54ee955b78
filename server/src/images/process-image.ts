import {
  IMAGE_WIDTHS,
  type ImageFormat,
  MAX_IMAGE_PIXELS,
  NOT_AN_IMAGE_MESSAGE,
  TOO_MANY_PIXELS_MESSAGE,
} from '@firstday/common/images';
import decodeHeic from 'heic-decode';
import sharp, { type Metadata, type OutputInfo, type SharpOptions } from 'sharp';
import { AppError } from '../lib/errors.ts';
import { detectImageType } from './detect-image-type.ts';

export type ProcessedVariant = { width: number; height: number; format: ImageFormat; bytes: Uint8Array };
export type ProcessedImage = { width: number; height: number; variants: ProcessedVariant[] };

/** The largest variant: everything is resized once to it, then encoded at each width from there. */
const LARGEST_WIDTH = Math.max(...IMAGE_WIDTHS);

function refuse(message: string): AppError {
  return new AppError('invalid_image', message, 400, { fields: { file: message } });
}

/** What sharp reads, and the upright size of the original. */
type Decoded = { input: Uint8Array; options: SharpOptions; width: number; height: number };

/** The size after the EXIF orientation: orientations 5 to 8 turn the picture by 90°. */
function readUprightSize(meta: Metadata): { width: number; height: number } {
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  checkPixels(width, height);
  const turned = (meta.orientation ?? 1) >= 5;
  return { width: turned ? height : width, height: turned ? width : height };
}

const HEVC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis']);

function readMajorBrand(bytes: Uint8Array): string {
  return String.fromCharCode(...bytes.subarray(8, 12));
}

/**
 * iPhone photos are HEVC-coded HEIF, which the prebuilt libvips in sharp cannot decode (it has
 * only AV1 for AVIF): libheif compiled to WebAssembly (heic-decode) gives the pixels, after the
 * size in the file's header was checked. libheif applies the rotation stored in the file itself.
 */
async function decodeHeif(bytes: Uint8Array): Promise<Decoded> {
  let meta: Metadata | undefined;
  // HEIC brands are HEVC: sharp is not asked (its libheif only logs that it cannot).
  if (!HEVC_BRANDS.has(readMajorBrand(bytes))) {
    try {
      meta = await sharp(bytes, { limitInputPixels: false }).metadata();
    } catch {
      // libheif in heic-decode may still read it.
    }
  }
  // AVIF and the rare AV1-coded HEIF: sharp decodes them itself.
  if (meta?.compression === 'av1') return { input: bytes, options: {}, ...readUprightSize(meta) };
  let images: Awaited<ReturnType<typeof decodeHeic.all>>;
  try {
    images = await decodeHeic.all({ buffer: bytes });
  } catch {
    throw refuse(NOT_AN_IMAGE_MESSAGE);
  }
  try {
    const first = images[0];
    if (!first) throw refuse(NOT_AN_IMAGE_MESSAGE);
    checkPixels(first.width, first.height);
    const { width, height, data } = await first.decode();
    return {
      input: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
      options: { raw: { width, height, channels: 4 } },
      width,
      height,
    };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw refuse(NOT_AN_IMAGE_MESSAGE);
  } finally {
    images.dispose();
  }
}

function checkPixels(width: number | undefined, height: number | undefined): void {
  if (!width || !height) throw refuse(NOT_AN_IMAGE_MESSAGE);
  if (width * height > MAX_IMAGE_PIXELS) throw refuse(TOO_MANY_PIXELS_MESSAGE);
}

/**
 * An upload, checked and re-encoded: the real type from the bytes, at most MAX_IMAGE_PIXELS
 * (read from the header before any decoding, and sharp's own limit as a second guard), turned
 * upright by its EXIF orientation, and written as WebP and JPEG at each of IMAGE_WIDTHS without
 * upscaling. sharp writes no metadata unless asked, so EXIF (GPS), XMP and IPTC are all dropped.
 * Throws a 400 AppError with `fields.file` for anything it cannot read.
 */
export async function processImage(bytes: Uint8Array): Promise<ProcessedImage> {
  const type = detectImageType(bytes);
  if (!type) throw refuse(NOT_AN_IMAGE_MESSAGE);
  let decoded: Decoded;
  if (type === 'heif') {
    decoded = await decodeHeif(bytes);
  } else {
    let meta: Metadata;
    try {
      // Reads the header only: the size is known before a single pixel is decoded.
      meta = await sharp(bytes, { limitInputPixels: false }).metadata();
    } catch {
      throw refuse(NOT_AN_IMAGE_MESSAGE);
    }
    decoded = { input: bytes, options: {}, ...readUprightSize(meta) };
  }

  let upright: { data: Buffer; info: OutputInfo };
  try {
    upright = await sharp(decoded.input, { ...decoded.options, limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: LARGEST_WIDTH, withoutEnlargement: true })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw refuse(NOT_AN_IMAGE_MESSAGE);
  }
  const { width, height, channels } = upright.info;
  const raw = { raw: { width, height, channels } } as const;

  const widths = [...new Set(IMAGE_WIDTHS.map((target) => Math.min(target, width)))];
  const variants: ProcessedVariant[] = [];
  for (const target of widths) {
    const resized = () =>
      sharp(upright.data, raw).resize({ width: target, withoutEnlargement: true, kernel: 'lanczos3' });
    const webp = await resized().webp({ quality: 80 }).toBuffer({ resolveWithObject: true });
    const jpeg = await resized()
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 82, mozjpeg: true, progressive: true })
      .toBuffer({ resolveWithObject: true });
    for (const [format, output] of [
      ['webp', webp],
      ['jpeg', jpeg],
    ] as const) {
      variants.push({
        width: output.info.width,
        height: output.info.height,
        format,
        bytes: new Uint8Array(output.data),
      });
    }
  }
  return { width: decoded.width, height: decoded.height, variants };
}
