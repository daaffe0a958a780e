import { Button } from '@mantine/core';
import { IconDownload, IconPalette, IconShoppingBag, IconStar, IconUpload } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { MyCreatedSkinsQuery as MyCreatedSkinsResult } from '../../../shared/graphql/generated/graphql';
import { useSkinDownload } from '../../../shared/skin-card';
import { accountMessages } from '../account.messages';
import { CoAuthorInvitations } from '../components/co-author-invitations';
import { RowAction } from '../components/created-item-cells';
import { CreatedItemsPage, type CreatedItemKind } from '../components/created-items-list';
import { useCreatedItems } from '../hooks/use-created-items';
import { useVisibilityToggle } from '../hooks/use-visibility-toggle';
import { MyCreatedSkinsQuery } from '../lib/authoring.documents';

const mySkins = accountMessages.mySkins;

type SkinRow = MyCreatedSkinsResult['myCreatedSkins']['content'][number];

function DownloadAction({ skin }: { skin: SkinRow }) {
  const { download, locked } = useSkinDownload();
  return (
    <RowAction
      label={mySkins.downloadLabel(skin.title)}
      text={mySkins.downloadText}
      disabled={locked}
      onClick={() => download(skin.url, skin.type)}
    >
      <IconDownload size={18} aria-hidden />
    </RowAction>
  );
}

const skinKind: CreatedItemKind<SkinRow> = {
  itemType: 'SKIN',
  messages: mySkins,
  pathOf: (skin) => `/skins/${encodeURIComponent(skin.url)}`,
  editPathOf: (skin) => `/me/skin/edit/${encodeURIComponent(skin.url)}`,
  editLabel: mySkins.updateLabel,
  editText: mySkins.updateText,
  moreActions: (skin) => <DownloadAction skin={skin} />,
  // Sales count the skin sold alone, refunds deducted; a bundle's sales show on My Bundles' dashboard.
  figures: [
    {
      header: mySkins.figures.downloads,
      icon: <IconDownload size={18} aria-hidden />,
      valueOf: (skin) => mySkins.figures.count(skin.downloads.total),
    },
    {
      header: mySkins.figures.sales,
      icon: <IconShoppingBag size={18} aria-hidden />,
      valueOf: (skin) => mySkins.figures.count(skin.sales ?? 0),
    },
    {
      header: mySkins.figures.rating,
      icon: <IconStar size={18} aria-hidden />,
      valueOf: (skin) => mySkins.figures.ratingValue(skin.rating.average, skin.rating.totalRatings),
    },
  ],
};

/** The skins the user has uploaded (spec 2.11 "Created skins"), 10 a page, hidden ones included. */
export function MySkinsPage() {
  const list = useCreatedItems(MyCreatedSkinsQuery, 'myCreatedSkins', (data) => data.myCreatedSkins);
  const visibility = useVisibilityToggle('skin');

  return (
    <CreatedItemsPage
      kind={skinKind}
      visibility={visibility}
      {...list}
      create={
        <Button component={Link} to="/me/publish" leftSection={<IconUpload size={18} aria-hidden />}>
          {mySkins.upload}
        </Button>
      }
      emptyIcon={<IconPalette stroke={1.5} />}
      skeletonRows={5}
      above={<CoAuthorInvitations />}
    />
  );
}
