import { sql } from 'slonik';
import type { SkinVersionPublished } from '../domain/community/community.events';
import { isEventOf } from '../infra/event-store/event-store';
import type { RebuildableProjection } from '../infra/projection-engine/shadow-rebuild';
import { jsonRows } from './json-rows';

const isVersion = isEventOf<SkinVersionPublished>(['SkinVersionPublished']);

/**
 * Each skin's version history, in the publishing transaction (the author sees the new version at
 * once, and the download serves it in the same commit). A row is the value its one event records:
 * version n comes from the event of version n, version 1 from version 2's `firstRelease`; a
 * version is published once (the stream's decider numbers them), so `on conflict do nothing`
 * gives the same rows for any split of the feed into batches.
 */
export const skinVersionsProjection: RebuildableProjection = {
  name: 'skin-versions',
  mode: 'inline',
  eventTypes: ['SkinVersionPublished'],
  tables: [{ name: 'skin_versions' }],
  async apply(tx, events) {
    const rows = events.filter(isVersion).flatMap(({ data }) => [
      ...(data.firstRelease
        ? [
            {
              skin_id: data.skinId,
              version: 1,
              file_id: data.firstRelease.fileId,
              file_name: data.firstRelease.fileName,
              size_bytes: data.firstRelease.fileSizeBytes,
              content_sha256: data.firstRelease.contentSha256 ?? null,
              changelog: null,
              published_at: data.firstRelease.releasedAt,
            },
          ]
        : []),
      {
        skin_id: data.skinId,
        version: data.version,
        file_id: data.fileId,
        file_name: data.fileName,
        size_bytes: data.fileSizeBytes,
        content_sha256: data.contentSha256 ?? null,
        changelog: data.changelog,
        published_at: data.publishedAt,
      },
    ]);
    if (rows.length === 0) return;
    await tx.query(sql.unsafe`
      insert into skin_versions (skin_id, version, file_id, file_name, size_bytes, content_sha256, changelog, published_at)
      select skin_id, version, file_id, file_name, size_bytes, content_sha256, changelog, published_at
      from json_to_recordset(${jsonRows(rows)}) as x(skin_id bigint, version int, file_id text, file_name text,
        size_bytes bigint, content_sha256 text, changelog text, published_at timestamptz)
      on conflict (skin_id, version) do nothing`);
  },
  async reset(tx) {
    await tx.query(sql.unsafe`truncate skin_versions`);
  },
};
