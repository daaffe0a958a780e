import { Button } from '@mantine/core';
import { IconPlus, IconStack2 } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from 'urql';
import type { MyCreatedBundlesQuery as MyCreatedBundlesResult } from '../../../shared/graphql/generated/graphql';
import { accountMessages } from '../account.messages';
import { CreatedItemsPage, type CreatedItemKind } from '../components/created-items-list';
import { useVisibilityToggle } from '../hooks/use-visibility-toggle';
import { MyCreatedBundlesQuery } from '../lib/authoring.documents';

const myBundles = accountMessages.myBundles;

/** Spec 7.2: the account lists show 10 a page. */
const PAGE_SIZE = 10;

type BundleRow = MyCreatedBundlesResult['myCreatedBundles']['content'][number];

const bundleKind: CreatedItemKind<BundleRow> = {
  itemType: 'BUNDLE',
  messages: myBundles,
  pathOf: (bundle) => `/bundles/${encodeURIComponent(bundle.url)}`,
  editPathOf: (bundle) => `/me/bundle/edit/${encodeURIComponent(bundle.url)}`,
  editLabel: myBundles.editLabel,
  editText: myBundles.editText,
  detailsOf: (bundle) => myBundles.skinCount(bundle.skins.length),
};

/** The bundles the user has created (spec 2.11 "Created bundles"), 10 a page, hidden ones included. */
export function MyBundlesPage() {
  const [page, setPage] = useState(1);
  const visibility = useVisibilityToggle('bundle');
  const [result, refetch] = useQuery({
    query: MyCreatedBundlesQuery,
    variables: { page: { page: page - 1, size: PAGE_SIZE, sortBy: 'createdAt', sortDirection: 'DESC' } },
    requestPolicy: 'cache-and-network',
  });
  useEffect(() => {
    if (result.error) console.error('myCreatedBundles failed', result.error);
  }, [result.error]);
  // The previous page stays on screen while the next one loads.
  const last = useRef(result.data);
  if (result.data) last.current = result.data;

  return (
    <CreatedItemsPage
      kind={bundleKind}
      visibility={visibility}
      items={(result.data ?? last.current)?.myCreatedBundles}
      fetching={result.fetching}
      failed={Boolean(result.error)}
      onRetry={() => refetch({ requestPolicy: 'network-only' })}
      page={page}
      onPage={setPage}
      create={
        <Button component={Link} to="/me/publish/bundle" leftSection={<IconPlus size={18} aria-hidden />}>
          {myBundles.create}
        </Button>
      }
      emptyIcon={<IconStack2 stroke={1.5} />}
      skeletonRows={4}
    />
  );
}
