import { sql } from 'slonik';
import { z } from 'zod';
import {
  decideSkinVersion,
  evolveSkinVersion,
  initialSkinVersionState,
  skinVersionsStreamId,
  type SkinFileRef,
  type SkinVersionEvent,
  type SkinVersionState,
} from '../../domain/community/skin-version.decider';
import { publishSkinVersionInput } from '../../domain/community/skin-version.schemas';
import { DomainError } from '../../domain/errors';
import type { Session } from '../../infra/auth/session-tokens';
import { hasRoles } from '../../domain/accounts/roles';
import type { Backdated } from '../../infra/event-store/backdating';
import { eventsToAppend, loadStream, type StreamKind } from '../../infra/event-store/command-handler';
import type { EventMetadata } from '../../infra/event-store/event-store';
import type { AppContext } from '../app-context';
import { insertResource } from '../catalogue/catalogue.writes';
import { temporaryAssetRow } from '../authoring/temporary-assets.repository';
import { currentSourceOf, recordedHashOf, sha256OfStoredFile } from './skin-versions.repository';

export const skinVersionStream: StreamKind<SkinVersionEvent> = {
  streamType: 'skin-versions',
  schemaVersions: { SkinVersionPublished: 1 },
};
const decider = { initialState: initialSkinVersionState, evolve: evolveSkinVersion };

export const publishSkinVersionMessages = {
  notFound: 'This skin does not exist.',
  uploadNotYours: 'This upload is not yours or has expired. Upload the ZIP file again.',
  notAZip: 'Upload the new version as a .zip file.',
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
 * One transaction reads the skin, its current file and the upload, decides, appends
 * SkinVersionPublished (the transaction's first write; the skin-versions projection records the row
 * inline), then takes the upload and makes it the skin's SKIN_SOURCE resource, so downloads serve
 * the new version from that commit on. The replaced file stays stored: the history names it.
 */
export async function publishSkinVersion(
  app: Pick<AppContext, 'pool' | 'store' | 'storage' | 'now' | 'log'>,
  viewer: Pick<Session, 'id' | 'roles'>,
  rawInput: unknown,
  options: { metadata: EventMetadata; occurredAt?: Backdated },
): Promise<PublishedVersion> {
  const input = publishSkinVersionInput.parse(rawInput);
  const publishedAt = (options.occurredAt ?? app.now()).toISOString();
  const read = async () => {
    const skin = await app.pool.maybeOne(sql.type(skinRow)`
      select id, author_id, title, listed, created_at from skins where id = ${input.skinId} and deleted_at is null`);
    if (!skin) throw new DomainError('NOT_FOUND', publishSkinVersionMessages.notFound);
    const upload = await app.pool.maybeOne(sql.type(temporaryAssetRow)`
      select id, owner_id, type, filename, original_name, size_bytes, width, height
      from temporary_assets where id = ${input.file} and owner_id = ${viewer.id}`);
    const current = await currentSourceOf(app.pool, skin.id);
    return { skin, upload, current };
  };
  // Hashing reads the files from storage: outside the transaction, which checks nothing moved since.
  const before = await read();
  const hashOf = async (name: string) =>
    (await recordedHashOf(app.pool, name)) ?? (await sha256OfStoredFile(app.storage, name));
  const uploadHash = before.upload ? await sha256OfStoredFile(app.storage, before.upload.filename) : null;
  const currentHash = before.current ? await hashOf(before.current.filename) : null;

  const published = await app.pool.transaction(async (tx) => {
    const streamId = skinVersionsStreamId(input.skinId);
    const { state, version } = await loadStream<SkinVersionState, SkinVersionEvent>(
      app.store,
      tx,
      streamId,
      skinVersionStream,
      decider,
    );
    const { skin, upload, current } = before;
    // The rules that need no upload first: a stranger learns nothing about uploads.
    const file: SkinFileRef | null = upload
      ? {
          fileId: upload.filename,
          fileName: upload.original_name,
          sizeBytes: upload.size_bytes,
          sha256: uploadHash,
        }
      : null;
    const command = {
      skin: {
        id: skin.id,
        authorId: skin.author_id,
        name: skin.title,
        listed: skin.listed,
        createdAt: new Date(skin.created_at).toISOString(),
      },
      viewer: { id: viewer.id, admin: hasRoles(viewer.roles, ['admin']) },
      changelog: input.changelog,
      currentFile: current
        ? {
            fileId: current.filename,
            fileName: current.original_name ?? current.filename,
            sizeBytes: current.size_bytes ?? 0,
            sha256: currentHash,
          }
        : null,
      publishedAt,
    };
    const placeholder = { fileId: '', fileName: '', sizeBytes: 0, sha256: null };
    decideSkinVersion({ ...command, file: placeholder }, state);
    if (!file) throw new DomainError('BAD_USER_INPUT', publishSkinVersionMessages.uploadNotYours, 'file');
    if (upload!.type !== 'SKIN_SOURCE')
      throw new DomainError('BAD_USER_INPUT', publishSkinVersionMessages.notAZip, 'file');
    const events = decideSkinVersion({ ...command, file }, state);
    await app.store.append(tx, {
      streamId,
      streamType: skinVersionStream.streamType,
      expectedVersion: version,
      events: eventsToAppend(skinVersionStream, events, options),
    });
    // After the append: the upload is taken and the skin's file replaced, under the skin's row lock.
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
      filename: file.fileId,
      originalName: file.fileName,
      position: 0,
      sizeBytes: file.sizeBytes,
    });
    await tx.query(sql.unsafe`update skins set modified_at = ${publishedAt} where id = ${skin.id}`);
    const data = events[0]!.data;
    return {
      skinId: data.skinId,
      version: data.version,
      changelog: data.changelog,
      publishedAt: data.publishedAt,
      sizeBytes: data.fileSizeBytes,
      fileName: data.fileName,
    };
  });
  app.log.info(
    { skinId: published.skinId, version: published.version, by: viewer.id },
    'skin version published',
  );
  return published;
}
