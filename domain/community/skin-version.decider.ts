import { DomainError } from '../errors';
import type { SkinVersionPublished } from './community.events';
import { skinChangelog } from './skin-version.schemas';

export { skinVersionsStreamId } from './community.events';

export type SkinVersionEvent = SkinVersionPublished;

/** A skin file as the store keeps it: its stored name, the name it was uploaded as, its size and content hash. */
export type SkinFileRef = {
  fileId: string;
  fileName: string;
  sizeBytes: number;
  /** Hex SHA-256 of the content, when the store could read it. */
  sha256: string | null;
};

export type PublishSkinVersion = {
  /** The skin as the handler found it. */
  skin: { id: number; authorId: number; name: string; listed: boolean; createdAt: string };
  viewer: { id: number; admin: boolean };
  changelog: string;
  /** The uploaded zip that becomes the new version. */
  file: SkinFileRef;
  /** The file people download today (version 1's, or the newest version's). */
  currentFile: SkinFileRef | null;
  publishedAt: string;
};

/** The newest version number (1 until a new version is published). */
export type SkinVersionState = { version: number };
export const initialSkinVersionState: SkinVersionState = { version: 1 };

export function evolveSkinVersion(state: SkinVersionState, event: SkinVersionEvent): SkinVersionState {
  return { version: Math.max(state.version, event.data.version) };
}

export const skinVersionRefusals = {
  notAuthor: 'Only the author of this skin or an admin can publish a new version of it.',
  notListed: 'Only a published skin gets new versions: publish the skin first.',
  sameFile: 'This file is the same as the current version. Upload the changed ZIP file.',
  uploadNotYours: 'This upload is not yours or has expired. Upload the ZIP file again.',
  notAZip: 'Upload the new version as a .zip file.',
} as const;

/** The rules that need no file: who publishes, on which skin, with which changelog (parsed). */
function publisherRules(command: Pick<PublishSkinVersion, 'skin' | 'viewer' | 'changelog'>) {
  const { skin, viewer } = command;
  if (viewer.id !== skin.authorId && !viewer.admin)
    throw new DomainError('FORBIDDEN', skinVersionRefusals.notAuthor);
  if (!skin.listed) throw new DomainError('BAD_USER_INPUT', skinVersionRefusals.notListed, 'skinId');
  const changelog = skinChangelog.safeParse(command.changelog);
  if (!changelog.success) {
    throw new DomainError('BAD_USER_INPUT', changelog.error.issues[0]!.message, 'changelog');
  }
  return changelog;
}

/**
 * A new version of a skin: by its author or an admin, of a published (listed) skin, with a
 * changelog, and a file that differs from the current one. Numbers go up by one from the current
 * version (1 is the file the skin was created with). Version 2's event also records the file it
 * replaced, so the history keeps version 1 downloadable from events alone.
 */
export function decideSkinVersion(command: PublishSkinVersion, state: SkinVersionState): SkinVersionEvent[] {
  const { skin, file, currentFile } = command;
  const changelog = publisherRules(command);
  if (
    currentFile &&
    (currentFile.fileId === file.fileId || (file.sha256 !== null && currentFile.sha256 === file.sha256))
  ) {
    throw new DomainError('BAD_USER_INPUT', skinVersionRefusals.sameFile, 'file');
  }
  const version = state.version + 1;
  return [
    {
      type: 'SkinVersionPublished',
      data: {
        skinId: skin.id,
        authorId: skin.authorId,
        skinName: skin.name,
        version,
        fileId: file.fileId,
        fileName: file.fileName,
        fileSizeBytes: file.sizeBytes,
        ...(file.sha256 ? { contentSha256: file.sha256 } : {}),
        changelog: changelog.data,
        publishedAt: command.publishedAt,
        ...(version === 2 && currentFile
          ? {
              firstRelease: {
                fileId: currentFile.fileId,
                fileName: currentFile.fileName,
                fileSizeBytes: currentFile.sizeBytes,
                ...(currentFile.sha256 ? { contentSha256: currentFile.sha256 } : {}),
                releasedAt: skin.createdAt,
              },
            }
          : {}),
      },
    },
  ];
}

/** publishSkinVersion as the handler finds it: the upload (null when it is not the viewer's) and the current file, unhashed. */
export type PublishSkinVersionCommand = Omit<PublishSkinVersion, 'file' | 'currentFile'> & {
  upload: (Omit<SkinFileRef, 'sha256'> & { kind: string }) | null;
  currentFile: Omit<SkinFileRef, 'sha256'> | null;
};

/** The outside step of publishing: the stored files to hash (storage reads, the same answer every time). */
export type SkinFilesToHash = { upload: string; current: string | null };
export type SkinFileHashes = { upload: string | null; current: string | null };

/**
 * Publishing in the command path with an outside step: `plan` rules on everything but the file's
 * content (the rules that need no upload first, so a stranger learns nothing about uploads) and
 * asks for the hashes of the upload and the current file; `decide` publishes with them.
 */
export const publishSkinVersionRules = {
  initialState: initialSkinVersionState,
  evolve: evolveSkinVersion,
  plan(command: PublishSkinVersionCommand, _states: readonly SkinVersionState[]): SkinFilesToHash {
    publisherRules(command);
    if (!command.upload) throw new DomainError('BAD_USER_INPUT', skinVersionRefusals.uploadNotYours, 'file');
    if (command.upload.kind !== 'SKIN_SOURCE')
      throw new DomainError('BAD_USER_INPUT', skinVersionRefusals.notAZip, 'file');
    return { upload: command.upload.fileId, current: command.currentFile?.fileId ?? null };
  },
  decide(
    command: PublishSkinVersionCommand,
    [state]: readonly SkinVersionState[],
    hashes: SkinFileHashes | null,
  ): SkinVersionEvent[][] {
    const { upload, currentFile, ...rest } = command;
    const { kind: _kind, ...file } = upload!;
    return [
      decideSkinVersion(
        {
          ...rest,
          file: { ...file, sha256: hashes?.upload ?? null },
          currentFile: currentFile ? { ...currentFile, sha256: hashes?.current ?? null } : null,
        },
        state!,
      ),
    ];
  },
};
