import { useMemo } from 'react';
import { useQuery } from 'urql';
import type {
  SkinDetailQuery,
  SkinViewerStateQuery as ViewerState,
} from '../../../shared/graphql/generated/graphql';
import { hasAllRoles, useSession } from '../../../shared/session';
import { SkinViewerStateQuery } from './skins.documents';

type SharedSkin = NonNullable<SkinDetailQuery['skin']>;

/** A skin as its page shows it: the answer everyone shares, with the signed-in viewer's own parts. */
export type SkinDetail = SharedSkin & {
  rating: SharedSkin['rating'] & { usersRating: number | null };
  takedown: NonNullable<ViewerState['viewerSkinStates'][number]['takedown']> | null;
};

// A vote answers a Rating: the viewer's state is asked again with the skin.
const REFRESHED_BY_VOTES = { additionalTypenames: ['Rating'] };

/**
 * Merges the viewer's state of the skin (their vote, the takedown for its author and admins) into
 * the shared answer; a visitor has none to ask for.
 */
export function useSkinWithViewerState(skin: SharedSkin | null | undefined): SkinDetail | null {
  const { user } = useSession();
  const withTakedown =
    user !== null && (String(user.id) === skin?.author.id || hasAllRoles(user.roles, ['admin']));
  const [{ data }] = useQuery({
    query: SkinViewerStateQuery,
    variables: { ids: skin ? [skin.id] : [], withTakedown },
    pause: user === null || !skin,
    context: REFRESHED_BY_VOTES,
  });
  const state = skin ? data?.viewerSkinStates.find((entry) => entry.id === skin.id) : undefined;
  return useMemo(
    () =>
      skin
        ? {
            ...skin,
            rating: { ...skin.rating, usersRating: state?.myRating ?? null },
            takedown: state?.takedown ?? null,
          }
        : null,
    [skin, state],
  );
}
