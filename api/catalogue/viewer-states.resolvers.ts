import { z } from 'zod';
import { isAdmin, requireViewer, type RequestContext } from '../auth/viewer';
import { takedownsReadableBy } from '../moderation/moderation.repository';
import { takedownOf } from '../moderation/moderation.resolvers';
import { votesOf } from './skins.repository';

const idsArg = z.object({ ids: z.array(z.coerce.number().int().positive()).max(100) });
type State = { id: number };
type Query = { obj: State };

/** Signed-in viewers only; one state per distinct id. */
function statesOf(rawArgs: unknown, context: RequestContext): State[] {
  requireViewer(context.viewer);
  return [...new Set(idsArg.parse(rawArgs).ids)].map((id) => ({ id }));
}

function takedownLoader(itemType: 'SKIN' | 'BUNDLE') {
  return async (queries: Query[], context: RequestContext) => {
    const viewer = requireViewer(context.viewer);
    const admin = isAdmin(viewer);
    const rows = await takedownsReadableBy(
      context.services.pool,
      itemType,
      queries.map((q) => q.obj.id),
      { userId: viewer.id, admin },
    );
    return queries.map((q) => {
      const row = rows.get(q.obj.id);
      return row ? takedownOf(row, admin) : null;
    });
  };
}

export const viewerStatesResolvers = {
  Query: {
    viewerSkinStates: (_root: unknown, args: unknown, context: RequestContext) => statesOf(args, context),
    viewerBundleStates: (_root: unknown, args: unknown, context: RequestContext) => statesOf(args, context),
  },
};

/** Mercurius loaders: each field in one query for every id of the answer. */
export const viewerStatesLoaders = {
  ViewerSkinState: {
    myRating: async (queries: Query[], context: RequestContext) => {
      const viewer = requireViewer(context.viewer);
      const votes = await votesOf(
        context.services.pool,
        viewer.id,
        queries.map((q) => q.obj.id),
      );
      return queries.map((q) => votes.get(q.obj.id) ?? null);
    },
    takedown: takedownLoader('SKIN'),
  },
  ViewerBundleState: { takedown: takedownLoader('BUNDLE') },
};
