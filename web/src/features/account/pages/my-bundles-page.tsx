import { Button } from '@mantine/core';
import { IconPlus, IconStack2 } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { MyCreatedBundlesQuery as MyCreatedBundlesResult } from '../../../shared/graphql/generated/graphql';
import { accountMessages } from '../account.messages';
import { CreatedItemsPage, type CreatedItemKind } from '../components/created-items-list';
import { useCreatedItems } from '../hooks/use-created-items';
import { useVisibilityToggle } from '../hooks/use-visibility-toggle';
import { MyCreatedBundlesQuery } from '../lib/authoring.documents';

const myBundles = accountMessages.myBundles;

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
  const list = useCreatedItems(MyCreatedBundlesQuery, 'myCreatedBundles', (data) => data.myCreatedBundles);
  const visibility = useVisibilityToggle('bundle');

  return (
    <CreatedItemsPage
      kind={bundleKind}
      visibility={visibility}
      {...list}
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
