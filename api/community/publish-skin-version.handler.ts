import { sql } from 'slonik';
import { z } from 'zod';
import {
  publishSkinVersionRules,
  skinVersionRefusals,
  skinVersionsStreamId,
  type PublishSkinVersionCommand,
  type SkinFileHashes,
  type SkinFilesToHash,
  type SkinVersionEvent,
} from '../../domain/community/skin-version.decider';
import { publishSkinVersionInput } from '../../domain/community/skin-version.schemas';
import { DomainError } from '../../domain/errors';
import type { Session } from '../../infra/auth/session-tokens';
import { hasRoles } from '../../domain/accounts/roles';
import type { Backdated } from '../../infra/event-store/backdating';
import type { DatabaseTransactionConnection } from '../../infra/db/pool';
import type { StreamKind } from '../../infra/event-store/command-handler';
import { handleCommandWithOutsideStep } from '../../infra/event-store/outside-step-command';
import type { EventMetadata } from '../../infra/event-store/event-store';
import type { AppContext } from '../app-context';
import { insertResource } from '../catalogue/catalogue.writes';
import { temporaryAssetRow } from '../authoring/temporary-assets.repository';
import { currentSourceOf, recordedHashOf, sha256OfStoredFile } from './skin-versions.repository';

export const skinVersionStream: StreamKind<SkinVersionEvent> = {
  streamType: 'skin-versions',
  schemaVersions: { SkinVersionPublished: 1 },
};

export const publishSkinVersionMessages = {
  notFound: 'This skin does not exist.',
  uploadNotYours: skinVersionRefusals.uploadNotYours,
  notAZip: skinVersionRefusals.notAZip,
  changedMeanwhile: 'The skin’s file changed while this version was being published. Try again.',
} as const;

const skinRow = z.object({
  id: z.number(),
  author_id: z.number(),
  title: z.string(),
  listed: z.boolean(),
  created_at: z.number(),
});

export type PublishedVersion = {
  skinId: number;
  version: number;
  changelog: string;
  publishedAt: string;
  sizeBytes: number;
  fileName: string;
};

/**
 * publishSkinVersion: a new zip for a published skin, with a changelog, by its author or an admin.
 * Through the command path with an outside step (handleCommandWithOutsideStep): the skin, its
 * current file and the upload are read; the rules decide (`publishSkinVersionRules`); the outside
 * step hashes the upload and the current file in storage, outside any transaction (reads only, so a
 * second try gets the same hashes and needs no key); then one transaction appends
 * SkinVersionPublished with the version read (the skin-versions projection records the row inline)
 * and, after it, takes the upload and makes it the skin's SKIN_SOURCE resource under the skin's row
 * lock, so downloads serve the new version from that commit on. A failure before that commit
 * leaves the upload where it was, and the same command sent again publishes once. The replaced
 * file stays stored: the history names it.
 */
export async function publishSkinVersion(
  app: Pick<AppContext, 'pool' | 'store' | 'storage' | 'now' | 'log'>,
  viewer: Pick<Session, 'id' | 'roles'>,
  rawInput: unknown,
  options: { metadata: EventMetadata; occurredAt?: Backdated },
): Promise<PublishedVersion> {
  const input = publishSkinVersionInput.parse(rawInput);
  const publishedAt = (options.occurredAt ?? app.now()).toISOString();
  const skin = await app.pool.maybeOne(sql.type(skinRow)`
    select id, author_id, title, listed, created_at from skins where id = ${input.skinId} and deleted_at is null`);
  if (!skin) throw new DomainError('NOT_FOUND', publishSkinVersionMessages.notFound);
  const upload = await app.pool.maybeOne(sql.type(temporaryAssetRow)`
    select id, owner_id, type, filename, original_name, size_bytes, width, height
    from temporary_assets where id = ${input.file} and owner_id = ${viewer.id}`);
  const current = await currentSourceOf(app.pool, skin.id);
  const command: PublishSkinVersionCommand = {
    skin: {
      id: skin.id,
      authorId: skin.author_id,
      name: skin.title,
      listed: skin.listed,
      createdAt: new Date(skin.created_at).toISOString(),
    },
    viewer: { id: viewer.id, admin: hasRoles(viewer.roles, ['admin']) },
    changelog: input.changelog,
    upload: upload
      ? {
          fileId: upload.filename,
          fileName: upload.original_name,
          sizeBytes: upload.size_bytes,
          kind: upload.type,
        }
      : null,
    currentFile: current
      ? {
          fileId: current.filename,
          fileName: current.original_name ?? current.filename,
          sizeBytes: current.size_bytes ?? 0,
        }
      : null,
    publishedAt,
  };
  const hashFiles = async (files: SkinFilesToHash): Promise<SkinFileHashes> => ({
    upload: await sha256OfStoredFile(app.storage, files.upload),
    current: files.current
      ? ((await recordedHashOf(app.pool, files.current)) ??
        (await sha256OfStoredFile(app.storage, files.current)))
      : null,
  });
  // After the append, in its transaction: the upload is taken and the skin's file replaced.
  const takeUpload = async (tx: DatabaseTransactionConnection) => {
    await tx.query(sql.unsafe`select id from skins where id = ${skin.id} for update`);
    const taken = await tx.maybeOneFirst(sql.type(z.object({ id: z.number() }))`
      delete from temporary_assets where id = ${upload!.id} and owner_id = ${viewer.id} returning id`);
    if (taken === null)
      throw new DomainError('BAD_USER_INPUT', publishSkinVersionMessages.uploadNotYours, 'file');
    const now = await currentSourceOf(tx, skin.id);
    if ((now?.filename ?? null) !== (current?.filename ?? null)) {
      throw new DomainError('CONFLICT', publishSkinVersionMessages.changedMeanwhile);
    }
    await tx.query(sql.unsafe`delete from resources where skin_id = ${skin.id} and type = 'SKIN_SOURCE'`);
    await insertResource(tx, {
      skinId: skin.id,
      type: 'SKIN_SOURCE',
      filename: upload!.filename,
      originalName: upload!.original_name,
      position: 0,
      sizeBytes: upload!.size_bytes,
    });
    await tx.query(sql.unsafe`update skins set modified_at = ${publishedAt} where id = ${skin.id}`);
  };
  const { decided } = await handleCommandWithOutsideStep(
    app,
    {
      streamIds: [skinVersionsStreamId(skin.id)],
      kind: skinVersionStream,
      decider: publishSkinVersionRules,
      commandKind: 'publish-skin-version',
      keyAnchors: ['SkinVersionPublished'],
    },
    command,
    hashFiles,
    {
      metadata: options.metadata,
      ...(options.occurredAt ? { occurredAt: options.occurredAt } : {}),
      afterAppend: takeUpload,
    },
  );
  const data = decided[0]![0]!.data;
  const published = {
    skinId: data.skinId,
    version: data.version,
    changelog: data.changelog,
    publishedAt: data.publishedAt,
    sizeBytes: data.fileSizeBytes,
    fileName: data.fileName,
  };
  app.log.info(
    { skinId: published.skinId, version: published.version, by: viewer.id },
    'skin version published',
  );
  return published;
}
