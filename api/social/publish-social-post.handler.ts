import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { sql } from 'slonik';
import { z } from 'zod';
import { DomainError } from '../../domain/errors';
import {
  SOCIAL_NETWORK_NAMES,
  socialPublishInput,
  validateForNetwork,
  type SocialNetwork,
} from '../../domain/social/social-post';
import {
  SOCIAL_POST_STREAM_TYPE,
  socialPostStreamId,
  type SocialPublicationEvent,
} from '../../domain/social/social-publication.events';
import type { Session } from '../../infra/auth/session-tokens';
import type { EventMetadata } from '../../infra/event-store/event-store';
import { SocialPublishError, type SocialImage } from '../../infra/social/social-publisher';
import type { AppContext } from '../app-context';

const imageRow = z.object({
  id: z.number(),
  filename: z.string(),
  skin_id: z.number(),
  author_id: z.number(),
  listed: z.boolean(),
});

/** The toasts of the admin's social page. */
export const socialResultMessages = {
  success: 'Success!',
  failed: (network: SocialNetwork) =>
    `There was an error uploading skin to ${network === 'INSTAGRAM' ? 'Instagram' : 'Twitter'}.`,
} as const;

export type SocialPublishResult = { type: 'SUCCESS' | 'ERROR'; message: string; data: string | null };

/** Why a network refused, said to the admin after the page's toast text. */
function explanationOf(network: SocialNetwork, error: SocialPublishError): string {
  const name = SOCIAL_NETWORK_NAMES[network];
  switch (error.kind) {
    case 'RATE_LIMITED':
      return error.retryAfterSeconds
        ? `${name} is limiting posts: try again in ${Math.max(1, Math.ceil(error.retryAfterSeconds / 60))} minutes.`
        : `${name} is limiting posts: try again later.`;
    case 'REJECTED':
      return `${name} refused the post: ${error.message}`;
    case 'UNAVAILABLE':
      return `${name} could not be reached: try again in a moment.`;
  }
}

/**
 * publishSkinOnTwitter / publishSkinOnInstagram: checks the post (the message within the network's
 * limits, images of listed skins of one author, as many as the network takes), hands it to the
 * network's publisher (its API when configured, else the local outbox), and records the outcome
 * as an event either way. A network's refusal is an answer of type ERROR, not a GraphQL error:
 * the page shows each network's state on its own.
 */
export async function publishSocialPost(
  app: Pick<AppContext, 'pool' | 'store' | 'storage' | 'social' | 'config' | 'now' | 'log'>,
  admin: Session,
  network: SocialNetwork,
  dto: unknown,
  metadata: Omit<EventMetadata, 'actor'>,
): Promise<SocialPublishResult> {
  const input = socialPublishInput.parse(dto);
  const rows = await app.pool.any(sql.type(imageRow)`
    select r.id, r.filename, s.id as skin_id, s.author_id, s.listed
    from resources r join skins s on s.id = r.skin_id
    where r.id = any(${sql.array(input.imageIds, 'int8')}) and r.type = 'IMAGE'`);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const images = input.imageIds.map((imageId) => byId.get(imageId));
  if (images.some((image) => !image)) {
    throw new DomainError(
      'BAD_USER_INPUT',
      'Some of the chosen images are not skin images any more.',
      'imageIds',
    );
  }
  const chosen = images as z.infer<typeof imageRow>[];
  const authorIds = new Set(chosen.map((image) => image.author_id));
  const authorId = input.authorId ?? chosen[0]!.author_id;
  if (authorIds.size > 1 || !authorIds.has(authorId)) {
    throw new DomainError('BAD_USER_INPUT', 'Choose images of the skins of one author.', 'imageIds');
  }
  if (chosen.some((image) => !image.listed)) {
    throw new DomainError('BAD_USER_INPUT', 'Only skins everyone can see can be posted.', 'imageIds');
  }
  const refusal = validateForNetwork(network, { message: input.message, imageCount: chosen.length });
  if (refusal) throw new DomainError('BAD_USER_INPUT', refusal, 'message');

  const reference = randomUUID();
  const facts = {
    reference,
    network,
    message: input.message,
    imageIds: chosen.map((image) => image.id),
    skinIds: [...new Set(chosen.map((image) => image.skin_id))],
    authorId,
  };
  const socialImages: SocialImage[] = chosen.map((image) => ({
    filename: image.filename,
    contentType: 'image/jpeg',
    publicUrl: `${app.config.publicUrl}/public/${encodeURIComponent(image.filename)}`,
    read: async () => {
      const bytes = await app.storage.read('public', image.filename);
      if (!bytes)
        throw new SocialPublishError(network, 'REJECTED', `The image ${image.filename} is missing.`);
      return bytes;
    },
  }));

  let event: SocialPublicationEvent;
  let result: SocialPublishResult;
  try {
    const publication = await app.social[network].publish({
      reference,
      message: input.message,
      images: socialImages,
    });
    // The outbox file by its name within the outbox folder (the folder may move with DATA_DIR).
    const outboxFile = publication.outboxFile === null ? null : path.basename(publication.outboxFile);
    event = {
      type: 'SocialPostPublished',
      data: { ...facts, ...publication, outboxFile, publishedAt: app.now().toISOString() },
    };
    result = {
      type: 'SUCCESS',
      message: socialResultMessages.success,
      data: publication.url ?? outboxFile ?? publication.postId,
    };
  } catch (error) {
    const failure =
      error instanceof SocialPublishError
        ? error
        : new SocialPublishError(network, 'UNAVAILABLE', 'The publisher failed unexpectedly.');
    if (!(error instanceof SocialPublishError))
      app.log.error({ err: error, network, reference }, 'social publishing failed');
    event = {
      type: 'SocialPostFailed',
      data: {
        ...facts,
        errorKind: failure.kind,
        error: failure.message,
        retryAfterSeconds: failure.retryAfterSeconds,
        failedAt: app.now().toISOString(),
      },
    };
    result = {
      type: 'ERROR',
      message: `${socialResultMessages.failed(network)} ${explanationOf(network, failure)}`,
      data: null,
    };
  }
  await app.pool.transaction((tx) =>
    app.store.append(tx, {
      streamId: socialPostStreamId(reference),
      streamType: SOCIAL_POST_STREAM_TYPE,
      expectedVersion: 'no_stream',
      events: [{ ...event, metadata: { ...metadata, actor: { userId: admin.id, role: 'admin' } } }],
    }),
  );
  app.log.info({ network, reference, outcome: event.type }, 'social publication recorded');
  return result;
}
