import sharp from 'sharp';
import type { FileStorage } from '../storage/file-storage';
import { storeImageVariants } from './image-variants';

/**
 * Pictures with more pixels than this are refused before decoding: a small PNG can claim
 * 50000x50000 pixels and would take gigabytes to decode. 50 MP still takes an 8K screenshot.
 */
export const IMAGE_MAX_PIXELS = 50_000_000;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_SIGNATURE = Buffer.from([0xff, 0xd8, 0xff]);

/** PNG or JPEG by the file's first bytes, whatever its name or declared type says. */
export function imageFormatOf(bytes: Buffer): 'png' | 'jpeg' | null {
  if (bytes.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE)) return 'png';
  if (bytes.subarray(0, JPEG_SIGNATURE.length).equals(JPEG_SIGNATURE)) return 'jpeg';
  return null;
}

export type StoredImage = { filename: string; width: number; height: number; sizeBytes: number };
export type ImageRefusal = { refused: 'not-png-or-jpeg' | 'too-many-pixels'; detail: string };

/**
 * Checks an uploaded screenshot by its content (PNG or JPEG signature, then sharp's reading of
 * the header) and stores it re-encoded without metadata in the catalogue's three sizes, so a
 * published item serves it at once. Returns the full size's name, or why it was refused.
 */
export async function storeUploadedImage(
  storage: FileStorage,
  bytes: Buffer,
  maxPixels: number = IMAGE_MAX_PIXELS,
): Promise<StoredImage | ImageRefusal> {
  const signature = imageFormatOf(bytes);
  if (!signature) return { refused: 'not-png-or-jpeg', detail: 'The file is not a PNG or JPEG picture.' };
  // Reads the header only: the declared size is known before any pixel is decoded.
  const metadata = await sharp(bytes, { limitInputPixels: false })
    .metadata()
    .catch(() => null);
  if (!metadata || metadata.format !== signature || !metadata.width || !metadata.height) {
    return { refused: 'not-png-or-jpeg', detail: 'The picture cannot be read.' };
  }
  if (metadata.width * metadata.height > maxPixels) {
    return {
      refused: 'too-many-pixels',
      detail: `The picture has ${metadata.width}x${metadata.height} pixels; at most ${maxPixels / 1_000_000} million are accepted.`,
    };
  }
  try {
    return await storeImageVariants(storage, bytes, { prefix: 'image', maxPixels });
  } catch {
    // Truncated or corrupt pixel data: the header was fine, the picture is not.
    return { refused: 'not-png-or-jpeg', detail: 'The picture is damaged and cannot be read.' };
  }
}
