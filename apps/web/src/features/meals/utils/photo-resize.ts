/**
 * Makes a meal photo small on the phone before it is sent (decision 097): drawn on a canvas at
 * most MEAL_PHOTO_MAX_SIDE px on its longer side and encoded as WebP (JPEG where the browser
 * cannot encode WebP), stepping the quality down until it is at most MEAL_PHOTO_MAX_BYTES. A
 * canvas keeps only pixels, so the camera's location and other metadata never leave the phone.
 */
import { MEAL_PHOTO_MAX_BYTES, MEAL_PHOTO_MAX_SIDE } from '@diacare/contract/meal-constants';

const QUALITIES = [0.82, 0.7, 0.55, 0.4] as const;

/** The drawn size: the longer side at most `maxSide` px, the shape kept, never enlarged. */
export function fittedSize(width: number, height: number, maxSide: number): { width: number; height: number } {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

function encode(canvas: HTMLCanvasElement, type: string, quality: number): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, type, quality));
}

/**
 * `file` (any image the browser can decode, turned upright by its EXIF orientation) as a WebP
 * or JPEG Blob of at most MEAL_PHOTO_MAX_BYTES. Rejects when the file is not a decodable image
 * or cannot be made small enough.
 */
export async function resizePhoto(file: Blob): Promise<Blob> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  let { width, height } = fittedSize(bitmap.width, bitmap.height, MEAL_PHOTO_MAX_SIDE);
  try {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const context = canvas.getContext('2d');
      if (!context) throw new Error('No canvas');
      context.drawImage(bitmap, 0, 0, width, height);
      for (const quality of QUALITIES) {
        let blob = await encode(canvas, 'image/webp', quality);
        // A browser that cannot encode WebP gives PNG instead: use JPEG there.
        if (!blob || blob.type !== 'image/webp') blob = await encode(canvas, 'image/jpeg', quality);
        if (blob && blob.size <= MEAL_PHOTO_MAX_BYTES) return blob;
      }
      ({ width, height } = fittedSize(width, height, Math.round(Math.max(width, height) * 0.7)));
    }
  } finally {
    bitmap.close();
  }
  throw new Error('The photo could not be made small enough');
}
