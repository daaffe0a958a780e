import { useMemo } from 'react';
import { useQuery } from 'urql';
import type {
  BundleDetailQuery,
  BundleViewerStateQuery as ViewerState,
} from '../../../shared/graphql/generated/graphql';
import { hasAllRoles, useSession } from '../../../shared/session';
import { BundleViewerStateQuery } from './bundles.documents';

type SharedBundle = NonNullable<BundleDetailQuery['bundle']>;

/** A bundle as its page shows it: the answer everyone shares, with the takedown its author and admins see. */
export type BundleDetail = SharedBundle & {
  takedown: ViewerState['viewerBundleStates'][number]['takedown'];
};

/**
 * Merges the viewer's state of the bundle into the shared answer. Only the bundle's author and
 * admins can see a takedown: nobody else asks.
 */
export function useBundleWithViewerState(bundle: SharedBundle | null | undefined): BundleDetail | null {
  const { user } = useSession();
  const mayHaveState =
    user !== null && (String(user.id) === bundle?.author.id || hasAllRoles(user.roles, ['admin']));
  const [{ data }] = useQuery({
    query: BundleViewerStateQuery,
    variables: { ids: bundle ? [bundle.id] : [] },
    pause: !mayHaveState || !bundle,
  });
  const state = bundle ? data?.viewerBundleStates.find((entry) => entry.id === bundle.id) : undefined;
  return useMemo(() => (bundle ? { ...bundle, takedown: state?.takedown ?? null } : null), [bundle, state]);
}
