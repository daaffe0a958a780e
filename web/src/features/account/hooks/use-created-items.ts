import { useEffect, useRef, useState } from 'react';
import { useQuery, type TypedDocumentNode } from 'urql';
import type { PageInput } from '../../../shared/graphql/generated/graphql';

/** Spec 7.2: the account lists show 10 a page. */
const PAGE_SIZE = 10;

/**
 * The page of a "Created skins" or "Created bundles" list: newest first, 10 a page, asked again on
 * every visit; the previous page stays on screen while the next one loads. `field` names the query's
 * field (for its error in the console), `pick` takes the page from the answer.
 */
export function useCreatedItems<Data, Items>(
  query: TypedDocumentNode<Data, { page: PageInput }>,
  field: string,
  pick: (data: Data) => Items,
) {
  const [page, setPage] = useState(1);
  const [result, refetch] = useQuery({
    query,
    variables: { page: { page: page - 1, size: PAGE_SIZE, sortBy: 'createdAt', sortDirection: 'DESC' } },
    requestPolicy: 'cache-and-network',
  });
  useEffect(() => {
    if (result.error) console.error(`${field} failed`, result.error);
  }, [result.error, field]);
  const last = useRef(result.data);
  if (result.data) last.current = result.data;
  const data = result.data ?? last.current;

  return {
    page,
    onPage: setPage,
    items: data ? pick(data) : undefined,
    fetching: result.fetching,
    failed: Boolean(result.error),
    onRetry: () => refetch({ requestPolicy: 'network-only' }),
  };
}
