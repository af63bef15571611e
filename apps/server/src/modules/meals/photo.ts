/**
 * A meal photo made safe to keep (decision 090): only JPEG or WebP (by their first bytes, not
 * the declared type), decoded and re-encoded by sharp as WebP with its longer side at most
 * MEAL_PHOTO_MAX_SIDE px, turned upright by its EXIF orientation, and with no metadata kept
 * (sharp drops EXIF, GPS, XMP and ICC unless asked to keep them).
 */
import { MEAL_PHOTO_MAX_SIDE } from '@diacare/contract/meal-constants';
import sharp from 'sharp';

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
  try {
    return await sharp(bytes, { failOn: 'error', limitInputPixels: 50_000_000 })
      .rotate()
      .resize({ width: MEAL_PHOTO_MAX_SIDE, height: MEAL_PHOTO_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
  } catch {
    throw new PhotoError('not a readable image');
  }
}
