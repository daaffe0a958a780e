import type { ItemCommentsQuery as ItemCommentsResult } from '../graphql/generated/graphql';
import { hasAllRoles, useSession } from '../session';

/** What the comments are about: a skin or a bundle, by id. */
export type CommentedItem = { kind: 'skin' | 'bundle'; id: string };
export const itemKey = (item: CommentedItem) => `${item.kind}-${item.id}`;
/** The query's and the mutation's `skin` or `bundle` argument. */
export const targetOf = (item: CommentedItem) =>
  item.kind === 'skin' ? { skin: item.id, bundle: null } : { skin: null, bundle: item.id };

export type Comment = ItemCommentsResult['comments']['content'][number];

/**
 * Whether the viewer asks what admins alone get back (removals, blocked writers): everyone else
 * leaves those fields out, so their comments come from the answer visitors share.
 */
export function useModeration(): boolean {
  const { user } = useSession();
  return user !== null && hasAllRoles(user.roles, ['admin']);
}
