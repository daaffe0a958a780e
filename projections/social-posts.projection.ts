import { sql } from 'slonik';
import {
  SOCIAL_PUBLICATION_EVENT_TYPES,
  type SocialPublicationEvent,
} from '../domain/social/social-publication.events';
import { isEventOf } from '../infra/event-store/event-store';
import type { RebuildableProjection } from '../infra/projection-engine/shadow-rebuild';

const isPublication = isEventOf<SocialPublicationEvent>(SOCIAL_PUBLICATION_EVENT_TYPES);

/**
 * The admin's list of social publications, in the event's own transaction. A publication's stream
 * holds one event, so each row is that event's copy.
 */
export const socialPostsProjection: RebuildableProjection = {
  name: 'social-posts',
  mode: 'inline',
  eventTypes: SOCIAL_PUBLICATION_EVENT_TYPES,
  tables: [{ name: 'social_posts' }],
  async apply(tx, events) {
    for (const event of events.filter(isPublication)) {
      const { data } = event;
      const published = event.type === 'SocialPostPublished' ? event.data : null;
      const failed = event.type === 'SocialPostFailed' ? event.data : null;
      await tx.query(sql.unsafe`
        insert into social_posts (reference, position, network, status, delivery, author_id, skin_ids, image_ids,
                                  message, post_id, url, outbox_file, error_kind, error, at, actor_id)
        values (${data.reference}, ${event.globalPosition}, ${data.network}, ${published ? 'PUBLISHED' : 'FAILED'},
                ${published?.delivery ?? null}, ${data.authorId}, ${sql.array(data.skinIds, 'int8')},
                ${sql.array(data.imageIds, 'int8')}, ${data.message}, ${published?.postId ?? null},
                ${published?.url ?? null}, ${published?.outboxFile ?? null}, ${failed?.errorKind ?? null},
                ${failed?.error ?? null}, ${published?.publishedAt ?? failed!.failedAt},
                ${event.metadata.actor?.userId ?? null})
        on conflict (reference) do nothing`);
    }
  },
  async reset(tx) {
    await tx.query(sql.unsafe`truncate social_posts`);
  },
};
