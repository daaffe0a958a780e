import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { AVATAR_MAX_BYTES, AVATAR_SIZE } from '../../domain/accounts/account.schemas';
import { DomainError } from '../../domain/errors';
import type { FileStorage } from '../../infra/storage/file-storage';

const NOT_JPEG = 'Avatar must be a JPEG image.';

/**
 * Checks an uploaded avatar by its bytes (a JPEG of at most 500000 bytes, whatever its name or
 * declared type says), stores it cropped to 400x400 without metadata, and returns its file name.
 */
export async function storeAvatar(storage: FileStorage, dataUrl: string): Promise<string> {
  const match = /^data:[\w/+.-]*(;[\w=-]+)*;base64,([A-Za-z0-9+/=\s]+)$/.exec(dataUrl);
  if (!match?.[2]) throw new DomainError('BAD_USER_INPUT', NOT_JPEG, 'avatar');
  const bytes = Buffer.from(match[2], 'base64');
  if (bytes.length > AVATAR_MAX_BYTES)
    throw new DomainError('BAD_USER_INPUT', 'Image is too large.', 'avatar');
  const image = sharp(bytes, { limitInputPixels: 40_000_000, failOn: 'error' });
  const metadata = await image.metadata().catch(() => null);
  if (metadata?.format !== 'jpeg') throw new DomainError('BAD_USER_INPUT', NOT_JPEG, 'avatar');
  const resized = await image
    .rotate()
    .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover' })
    .jpeg({ quality: 85, mozjpeg: true })
    .toBuffer()
    .catch(() => {
      throw new DomainError('BAD_USER_INPUT', NOT_JPEG, 'avatar');
    });
  const filename = `avatar-${randomUUID()}.jpg`;
  await storage.put('public', filename, resized);
  return filename;
}

export function avatarOf(filename: string | null) {
  return filename ? { filename, url: `/public/${filename}`, type: 'image/jpeg', content: null } : null;
}
