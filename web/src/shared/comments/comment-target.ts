import type { ItemCommentsQuery as ItemCommentsResult } from '../graphql/generated/graphql';

/** What the comments are about: a skin or a bundle, by id. */
export type CommentedItem = { kind: 'skin' | 'bundle'; id: string };
export const itemKey = (item: CommentedItem) => `${item.kind}-${item.id}`;
/** The query's and the mutation's `skin` or `bundle` argument. */
export const targetOf = (item: CommentedItem) =>
  item.kind === 'skin' ? { skin: item.id, bundle: null } : { skin: null, bundle: item.id };

export type Comment = ItemCommentsResult['comments']['content'][number];
