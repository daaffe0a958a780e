import { tagMessages } from '../../domain/catalog/tags.schemas';
import { DomainError } from '../../domain/errors';
import type { Queryable } from '../../infra/db/pool';
import { activeTagsBySlug, replaceActiveSkinTags } from './tags.repository';

/**
 * The skin editor's tags: link names of active tags of the curated list (anything else is refused
 * on `tags`); null leaves the skin's tags as they are. Retired tags the skin carries are kept.
 */
export async function saveSkinTags(tx: Queryable, skinId: number, slugs: string[] | null): Promise<void> {
  if (slugs === null) return;
  const tags = await activeTagsBySlug(tx, slugs);
  const known = new Set(tags.map((tag) => tag.slug.toLowerCase()));
  const unknown = slugs.filter((slug) => !known.has(slug));
  if (unknown.length > 0) throw new DomainError('BAD_USER_INPUT', tagMessages.unknown(unknown), 'tags');
  await replaceActiveSkinTags(
    tx,
    skinId,
    tags.map((tag) => tag.id),
  );
}
