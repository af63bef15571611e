/**
 * A meal photo made safe to keep (decision 090): only JPEG or WebP (by their first bytes, not
 * the declared type), decoded and re-encoded by sharp as WebP with its longer side at most
 * MEAL_PHOTO_MAX_SIDE px, turned upright by its EXIF orientation, and with no metadata kept
 * (sharp drops EXIF, GPS, XMP and ICC unless asked to keep them).
 *
 * Image work must not hold up the server's other requests: sharp runs on one libuv thread
 * (`sharp.concurrency(1)`, no cache), photos are cleaned one at a time per server (a queue), and
 * a photo over MEAL_PHOTO_MAX_PIXELS is refused from its header before it is decoded.
 */
import { MEAL_PHOTO_MAX_SIDE } from '@diacare/contract/meal-constants';
import type Sharp from 'sharp';

/** The most pixels a stored photo may start from: 4096 × 4096 (a 16 MP phone photo fits). */
export const MEAL_PHOTO_MAX_PIXELS = 4096 * 4096;

let loaded: Promise<typeof Sharp> | null = null;

/**
 * sharp (libvips), loaded by the first photo rather than at start: its native library held about
 * 25 MB resident in a server that may never see a photo (decision 109). One thread, no cache.
 */
function loadSharp(): Promise<typeof Sharp> {
  loaded ??= import('sharp').then(({ default: sharp }) => {
    sharp.concurrency(1);
    sharp.cache(false);
    return sharp;
  });
  return loaded;
}

/** The photo being cleaned now; the next one starts when it settles. */
let queue: Promise<unknown> = Promise.resolve();

/** Runs `work` after every photo queued before it (one photo at a time per server). */
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const next = queue.then(work, work);
  queue = next.catch(() => undefined);
  return next;
}

/** Why a photo is refused. */
export class PhotoError extends Error {}

/** True when `bytes` start as a JPEG (FF D8 FF) or a WebP (RIFF….WEBP) file does. */
export function looksLikePhoto(bytes: Buffer): boolean {
  const jpeg = bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
  const webp =
    bytes.length > 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP';
  return jpeg || webp;
}

/**
 * The photo to store: WebP, upright, at most MEAL_PHOTO_MAX_SIDE px a side, without metadata.
 * @throws PhotoError when `bytes` are not a JPEG or WebP image sharp can decode
 */
export async function cleanPhoto(bytes: Buffer): Promise<Buffer> {
  if (!looksLikePhoto(bytes)) throw new PhotoError('not a JPEG or WebP image');
  const sharp = await loadSharp();
  try {
    return await oneAtATime(() =>
      sharp(bytes, { failOn: 'error', limitInputPixels: MEAL_PHOTO_MAX_PIXELS })
        .rotate()
        .resize({ width: MEAL_PHOTO_MAX_SIDE, height: MEAL_PHOTO_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer(),
    );
  } catch {
    throw new PhotoError('not a readable image');
  }
}
