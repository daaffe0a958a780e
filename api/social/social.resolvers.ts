import { z } from 'zod';
import { SOCIAL_IMAGE_LIMITS, SOCIAL_NETWORKS, type SocialNetwork } from '../../domain/social/social-post';
import { listSocialOutbox } from '../../infra/social/local-social-outbox';
import { userViewLoader } from '../accounts/accounts.resolvers';
import type { AppContext } from '../app-context';
import { isAdmin, requireRoles, type RequestContext } from '../auth/viewer';
import { skinOf } from '../catalogue/catalogue.resolvers';
import { skinsByIds } from '../catalogue/skins.repository';
import { pageOf, pageRequest } from '../graphql/paging';
import { publishSocialPost } from './publish-social-post.handler';
import { listSocialPosts, type SocialPostRow } from './social-posts.repository';

const ADMIN_LIST_SIZE = 20;
const id = z.coerce.number().int().positive();

function postOf(row: SocialPostRow) {
  return {
    id: row.reference,
    network: row.network,
    status: row.status,
    delivery: row.delivery,
    message: row.message,
    at: new Date(row.at).toISOString(),
    actorId: row.actor_id,
    authorId: row.author_id,
    skinIds: row.skin_ids,
    imageIds: row.image_ids,
    postId: row.post_id,
    url: row.url,
    outboxFile: row.outbox_file,
    errorKind: row.error_kind,
    error: row.error,
  };
}
type PostObject = ReturnType<typeof postOf>;
type Query<T> = { obj: T; params: unknown };

export const socialLoaders = {
  SocialPost: {
    actor: userViewLoader((post: PostObject) => post.actorId),
    author: userViewLoader((post: PostObject) => post.authorId),
    skins: async (queries: Query<PostObject>[], context: RequestContext) => {
      const rows = await skinsByIds(
        context.services.pool,
        [...new Set(queries.flatMap((q) => q.obj.skinIds))],
        { viewerId: context.viewer?.id ?? null, admin: isAdmin(context.viewer) },
      );
      const byId = new Map(rows.map((row) => [row.id, row]));
      return queries.map((q) =>
        q.obj.skinIds.flatMap((skinId) => {
          const row = byId.get(skinId);
          return row ? [skinOf(row)] : [];
        }),
      );
    },
  },
};

export function socialResolvers(app: AppContext) {
  const publish =
    (network: SocialNetwork) => (_root: unknown, args: { dto: unknown }, context: RequestContext) =>
      publishSocialPost(app, requireRoles(context.viewer, 'admin'), network, args.dto, {
        correlationId: context.request.id,
      });
  return {
    Query: {
      socialNetworks: (_root: unknown, _args: unknown, context: RequestContext) => {
        requireRoles(context.viewer, 'admin');
        return SOCIAL_NETWORKS.map((network) => ({
          network,
          delivery: app.social[network].delivery,
          maxImages: SOCIAL_IMAGE_LIMITS[network].max,
        }));
      },
      socialPosts: async (_root: unknown, rawArgs: unknown, context: RequestContext) => {
        requireRoles(context.viewer, 'admin');
        const args = z
          .object({ page: z.unknown().optional(), skinId: id.nullish(), authorId: id.nullish() })
          .parse(rawArgs);
        const page = pageRequest(args.page, ADMIN_LIST_SIZE);
        const { rows, total } = await listSocialPosts(app.pool, {
          skinId: args.skinId ?? null,
          authorId: args.authorId ?? null,
          ...page,
        });
        return pageOf(rows.map(postOf), total, page);
      },
      socialOutbox: async (_root: unknown, rawArgs: { page?: unknown }, context: RequestContext) => {
        requireRoles(context.viewer, 'admin');
        const page = pageRequest(rawArgs.page, ADMIN_LIST_SIZE);
        const { total, entries } = await listSocialOutbox(app.config.social.outboxDir, page);
        return pageOf(
          entries.map((entry) => ({
            id: entry.id,
            network: entry.network,
            message: entry.message,
            writtenAt: entry.writtenAt,
            file: entry.file,
            images: entry.images.map((image) => ({
              filename: image.filename,
              url: `/public/${encodeURIComponent(image.filename)}`,
            })),
          })),
          total,
          page,
        );
      },
    },
    Mutation: {
      publishSkinOnInstagram: publish('INSTAGRAM'),
      publishSkinOnTwitter: publish('TWITTER'),
    },
  };
}
