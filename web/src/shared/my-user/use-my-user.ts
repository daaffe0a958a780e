import { useEffect } from 'react';
import { useQuery } from 'urql';
import type { PrivateUserFieldsFragment } from '../graphql/generated/graphql';
import { useSession } from '../session';
import { MyUserQuery } from './my-user.documents';

export type MyUser = PrivateUserFieldsFragment;

/**
 * The signed-in user's account (myUser). The menu, the profile screen and the settings share one
 * cached answer; saving the settings refreshes it.
 */
export function useMyUser(): { myUser: MyUser | null; fetching: boolean; failed: boolean } {
  const { user } = useSession();
  const [result] = useQuery({ query: MyUserQuery, pause: !user });
  // Spec 8: query failures are logged; the screens fall back to what the session token says.
  useEffect(() => {
    if (result.error) console.error('myUser failed', result.error);
  }, [result.error]);
  return { myUser: result.data?.myUser ?? null, fetching: result.fetching, failed: Boolean(result.error) };
}
