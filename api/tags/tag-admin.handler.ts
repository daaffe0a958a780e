import { tagChange, tagInput, tagMessages, type TagGroup } from '../../domain/catalog/tags.schemas';
import { DomainError } from '../../domain/errors';
import type { Session } from '../../infra/auth/session-tokens';
import type { Queryable } from '../../infra/db/pool';
import type { AppContext } from '../app-context';
import {
  findTag,
  insertTag,
  logTagChange,
  setTagRetired,
  takenBy,
  updateTagRow,
  type TagRow,
} from './tags.repository';

export const tagAdminMessages = {
  notFound: 'This tag does not exist.',
  alreadyRetired: 'This tag is already retired.',
  notRetired: 'This tag is not retired.',
} as const;

async function refuseTaken(tx: Queryable, name: string, slug: string | null, exceptId: number | null) {
  const taken = await takenBy(tx, name, slug, exceptId);
  if (taken.name) throw new DomainError('BAD_USER_INPUT', tagMessages.nameTaken(name), 'name');
  if (taken.slug && slug) throw new DomainError('BAD_USER_INPUT', tagMessages.slugTaken(slug), 'slug');
}

/** createTag (admins): a new tag of the curated list, logged with the admin who added it. */
export async function createTag(app: AppContext, admin: Session, rawInput: unknown): Promise<TagRow> {
  const input = tagInput.parse(rawInput);
  const at = app.now();
  return app.pool.transaction(async (tx) => {
    await refuseTaken(tx, input.name, input.slug, null);
    const tag = await insertTag(tx, input, at);
    // Another admin's tag of the same name or slug committed between the check and the insert.
    if (!tag) {
      await refuseTaken(tx, input.name, input.slug, null);
      throw new DomainError('CONFLICT', tagMessages.nameTaken(input.name), 'name');
    }
    await logTagChange(tx, { actorId: admin.id, action: 'CREATED', before: null, after: tag, at });
    return tag;
  });
}

/** updateTag (admins): renames, regroups or reorders a tag; its link name stays, so links keep working. */
export async function updateTag(
  app: AppContext,
  admin: Session,
  id: number,
  rawInput: unknown,
): Promise<TagRow> {
  const input: { name: string; group: TagGroup; position: number } = tagChange.parse(rawInput);
  const at = app.now();
  return app.pool.transaction(async (tx) => {
    const before = await findTag(tx, id, true);
    if (!before) throw new DomainError('NOT_FOUND', tagAdminMessages.notFound);
    await refuseTaken(tx, input.name, null, id);
    const after = await updateTagRow(tx, id, input, at);
    await logTagChange(tx, { actorId: admin.id, action: 'UPDATED', before, after, at });
    return after;
  });
}

/**
 * retireTag / restoreTag (admins): a retired tag is no longer offered, shown or filterable; the
 * skins keep it, so restoring it gives every skin its tag back.
 */
export async function setTagRetirement(
  app: AppContext,
  admin: Session,
  id: number,
  retire: boolean,
): Promise<TagRow> {
  const at = app.now();
  return app.pool.transaction(async (tx) => {
    const before = await findTag(tx, id, true);
    if (!before) throw new DomainError('NOT_FOUND', tagAdminMessages.notFound);
    if (retire && before.retired_at !== null)
      throw new DomainError('CONFLICT', tagAdminMessages.alreadyRetired);
    if (!retire && before.retired_at === null) throw new DomainError('CONFLICT', tagAdminMessages.notRetired);
    const after = await setTagRetired(tx, id, retire ? at : null);
    await logTagChange(tx, { actorId: admin.id, action: retire ? 'RETIRED' : 'RESTORED', before, after, at });
    return after;
  });
}
