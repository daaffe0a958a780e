import { z } from 'zod';
import { commentText } from '../../domain/catalog/item-editor.schemas';
import { DomainError } from '../../domain/errors';
import { plainText } from '../../domain/text/plain-text';
import type { Session } from '../../infra/auth/session-tokens';
import type { AppContext } from '../app-context';
import { isAdmin } from '../auth/viewer';
import type { UserRateLimiter } from '../auth/user-rate-limiter';
import type { CommentObject } from '../catalogue/bundles-authors.resolvers';
import { bundlesByIds } from '../catalogue/bundles.repository';
import { insertComment } from '../catalogue/catalogue.writes';
import { skinsByIds } from '../catalogue/skins.repository';
import { recordCommentWebhooks } from '../webhooks/comment-webhooks.writes';

const id = z.coerce.number().int().positive();
const commentArgs = z.object({
  skin: id.nullish(),
  bundle: id.nullish(),
  text: z.string().transform(plainText).pipe(commentText),
});

/** createComment: a signed-in user comments on a skin or a bundle they can see. */
export async function createComment(
  app: AppContext,
  viewer: Session,
  rawArgs: unknown,
  limiter: UserRateLimiter,
): Promise<CommentObject> {
  const args = commentArgs.parse(rawArgs);
  if ((args.skin == null) === (args.bundle == null))
    throw new DomainError('BAD_USER_INPUT', 'Comment on one skin or one bundle.', 'skin');
  const visibility = { viewerId: viewer.id, admin: isAdmin(viewer) };
  const visible =
    args.skin != null
      ? (await skinsByIds(app.pool, [args.skin], visibility)).length > 0
      : (await bundlesByIds(app.pool, [args.bundle!], visibility)).length > 0;
  if (!visible)
    throw new DomainError(
      'NOT_FOUND',
      `This ${args.skin != null ? 'skin' : 'bundle'} does not exist or is hidden.`,
    );
  await limiter.hit(viewer.id);
  const createdAt = app.now();
  const item = args.skin != null ? { skinId: args.skin } : { bundleId: args.bundle! };
  // The item author's webhooks are recorded with the comment, in its transaction (docs/webhooks.md).
  const commentId = await app.pool.transaction(async (tx) => {
    const inserted = await insertComment(tx, { ...item, userId: viewer.id, text: args.text, createdAt });
    await recordCommentWebhooks(tx, {
      ...item,
      commentId: inserted,
      userId: viewer.id,
      text: args.text,
      createdAt,
    });
    return inserted;
  });
  return {
    id: commentId,
    text: args.text,
    createdAt: createdAt.toISOString(),
    userId: viewer.id,
    skinId: args.skin ?? null,
    bundleId: args.bundle ?? null,
  };
}
