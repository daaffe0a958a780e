import { imageVariantNames } from '../../infra/media/image-variants';
import type { Logger } from '../../infra/logger';
import type { FileStorage, StorageArea } from '../../infra/storage/file-storage';

export type StoredFile = { area: StorageArea; name: string };

/** Every file behind a resource or upload: a picture's three sizes (public), or a skin's zip (private). */
export function filesOf(type: 'IMAGE' | 'SKIN_SOURCE', filename: string): StoredFile[] {
  if (type === 'SKIN_SOURCE') return [{ area: 'private', name: filename }];
  const names = imageVariantNames(filename);
  return [names.full, names.card, names.preview].map((name) => ({ area: 'public' as const, name }));
}

/**
 * Deletes files after the transaction that stopped using them committed. A failure is logged, not
 * thrown: the change is already saved, and a leftover file harms nobody.
 */
export async function removeStoredFiles(
  storage: FileStorage,
  log: Logger,
  files: StoredFile[],
): Promise<void> {
  await Promise.all(
    files.map((file) =>
      storage
        .remove(file.area, file.name)
        .catch((error: unknown) => log.warn({ err: error, file }, 'removing a stored file failed')),
    ),
  );
}
