import { Anchor, Badge, Box, Group, Stack, Table, Tabs, Text, VisuallyHidden } from '@mantine/core';
import { IconPalette, IconPhoto, IconStack2 } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from 'urql';
import { formatDate, formatPrice } from '../../../shared/format';
import type {
  AdminBundleRowFieldsFragment,
  AdminSkinRowFieldsFragment,
  GameType,
} from '../../../shared/graphql/generated/graphql';
import { AdminListLayout } from '../../../shared/admin-list/admin-list-layout';
import { useAdminListAnswer, useAdminListSearch } from '../../../shared/admin-list/use-admin-list';
import { gameNames } from '../../../shared/skin-card';
import { PageContainer } from '../../../shared/ui';
import { adminMessages } from '../admin-moderation.messages';
import { fullBadgeStyles } from '../../../shared/admin-list/admin-list-parts';
import { CatalogueItemStatus, ModerationButtons, TruncatedAuthor } from '../components/moderation-status';
import classes from '../../../shared/admin-list/admin-list.module.css';
import { useModerationActions } from '../hooks/use-moderation-actions';
import type { ModerationActions, ModerationTarget } from '../hooks/use-moderation-actions';
import { AdminBundlesQuery, AdminSkinsQuery } from '../lib/moderation.documents';

const page = adminMessages.skins;
const columns = page.columns;

/** Spec 7.2: admin lists show 20 a page. */
const PAGE_SIZE = 20;
const ALL = 'all';

/** Spec 3: the admin area lists every game; no choice means all of them. */
const gameOptions = [
  { value: ALL, label: page.allGames },
  ...(Object.keys(gameNames) as GameType[]).map((game) => ({ value: game, label: gameNames[game].name })),
];

type Kind = 'SKIN' | 'BUNDLE';
type Row = AdminSkinRowFieldsFragment | AdminBundleRowFieldsFragment;

const copy = {
  SKIN: {
    path: '/skins',
    search: page.search,
    empty: page.empty,
    none: page.none,
    loading: page.loading,
    failed: page.failed,
    total: page.total,
    pagination: page.pagination,
    kind: adminMessages.moderation.kinds.SKIN!,
  },
  BUNDLE: {
    path: '/bundles',
    search: page.searchBundles,
    empty: page.emptyBundles,
    none: page.noneBundles,
    loading: page.loadingBundles,
    failed: page.failedBundles,
    total: page.totalBundles,
    pagination: page.paginationBundles,
    kind: adminMessages.moderation.kinds.BUNDLE!,
  },
} as const;

const targetOf = (kind: Kind, row: Row): ModerationTarget => ({
  itemType: kind,
  itemId: row.id,
  label: row.title,
});
const whatOf = (kind: Kind, row: Row) => `${copy[kind].kind} “${row.title}”`;

function Preview({ row }: { row: Row }) {
  const alt = page.pictureAlt(row.title);
  return row.thumbnail?.cardUrl ? (
    <img
      src={row.thumbnail.cardUrl}
      alt={alt}
      className={classes.preview}
      width={96}
      height={54}
      loading="lazy"
      decoding="async"
    />
  ) : (
    <div className={classes.preview} role="img" aria-label={alt}>
      <IconPhoto size={20} stroke={1.4} aria-hidden />
    </div>
  );
}

function GameBadge({ type }: { type: GameType }) {
  return (
    <Badge variant="light" radius="sm" title={gameNames[type].name} styles={fullBadgeStyles}>
      <span aria-hidden>{gameNames[type].short}</span>
      <VisuallyHidden>{gameNames[type].name}</VisuallyHidden>
    </Badge>
  );
}

function ItemsTable({ kind, rows, actions }: { kind: Kind; rows: Row[]; actions: ModerationActions }) {
  return (
    <Table.ScrollContainer minWidth={880}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={112}>
              <VisuallyHidden>{columns.picture}</VisuallyHidden>
            </Table.Th>
            <Table.Th>{columns.title}</Table.Th>
            <Table.Th>{columns.author}</Table.Th>
            <Table.Th>{columns.game}</Table.Th>
            <Table.Th ta="right">{columns.price}</Table.Th>
            <Table.Th>{columns.created}</Table.Th>
            <Table.Th>{columns.status}</Table.Th>
            <Table.Th>{columns.actions}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id} className={classes.row} data-down={row.takedown ? true : undefined}>
              <Table.Td>
                <Preview row={row} />
              </Table.Td>
              <Table.Td maw={220}>
                <Anchor
                  component={Link}
                  to={`${copy[kind].path}/${row.url}`}
                  className={classes.title}
                  size="sm"
                >
                  {row.title}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <TruncatedAuthor username={row.author.username} url={row.author.url} />
              </Table.Td>
              <Table.Td>
                <GameBadge type={row.type} />
              </Table.Td>
              <Table.Td ta="right" className={classes.nowrap}>
                <Text size="sm" fw={700}>
                  {formatPrice(row.price)}
                </Text>
              </Table.Td>
              <Table.Td className={classes.nowrap}>
                <Text size="sm">
                  <time dateTime={row.createdAt}>{formatDate(row.createdAt)}</time>
                </Text>
              </Table.Td>
              <Table.Td>
                <CatalogueItemStatus item={row} />
              </Table.Td>
              <Table.Td w={130}>
                <ModerationButtons
                  target={targetOf(kind, row)}
                  takenDown={Boolean(row.takedown)}
                  actions={actions}
                  what={whatOf(kind, row)}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Below the md width each item is a card: the table does not fit. */
function ItemCards({ kind, rows, actions }: { kind: Kind; rows: Row[]; actions: ModerationActions }) {
  return (
    <ul className={classes.cards}>
      {rows.map((row) => (
        <li key={row.id} className={classes.card} data-down={row.takedown ? true : undefined}>
          <div className={classes.cardTop}>
            <Preview row={row} />
            <Stack gap={2} miw={0} style={{ flex: 1 }}>
              <Anchor
                component={Link}
                to={`${copy[kind].path}/${row.url}`}
                className={classes.title}
                size="sm"
              >
                {row.title}
              </Anchor>
              <Group gap={6} wrap="wrap">
                <TruncatedAuthor username={row.author.username} url={row.author.url} />
                <GameBadge type={row.type} />
              </Group>
              <Text size="xs" c="dimmed">
                {formatPrice(row.price)} · {page.createdOn(formatDate(row.createdAt))}
              </Text>
            </Stack>
          </div>
          <CatalogueItemStatus item={row} />
          <ModerationButtons
            target={targetOf(kind, row)}
            takenDown={Boolean(row.takedown)}
            actions={actions}
            what={whatOf(kind, row)}
          />
        </li>
      ))}
    </ul>
  );
}

/** One tab: its own search, game and page. */
function ModerationList({ kind, actions }: { kind: Kind; actions: ModerationActions }) {
  const texts = copy[kind];
  const { pageNumber, setPageNumber, search, box } = useAdminListSearch();
  const [game, setGame] = useState<string>(ALL);
  const variables = {
    search: search || null,
    type: game === ALL ? null : (game as GameType),
    // Newest first (the server's default order).
    page: { page: pageNumber - 1, size: PAGE_SIZE },
  };
  const [skinsResult, refetchSkins] = useQuery({
    query: AdminSkinsQuery,
    variables,
    pause: kind !== 'SKIN',
    requestPolicy: 'cache-and-network',
  });
  const [bundlesResult, refetchBundles] = useQuery({
    query: AdminBundlesQuery,
    variables,
    pause: kind !== 'BUNDLE',
    requestPolicy: 'cache-and-network',
  });
  const result = kind === 'SKIN' ? skinsResult : bundlesResult;
  const refetch = kind === 'SKIN' ? refetchSkins : refetchBundles;
  const answer = useAdminListAnswer(
    `admin ${kind} list`,
    kind === 'SKIN' ? skinsResult.data?.skins : bundlesResult.data?.bundles,
    { result, refetch },
  );
  const data = answer.list;

  const filtered = search !== '' || game !== ALL;
  const clearFilters = () => {
    box.clear();
    setGame(ALL);
    setPageNumber(1);
  };

  return (
    <Box pt="md">
      <AdminListLayout
        search={{ box, texts: { ...page, search: texts.search }, width: 300 }}
        select={{
          label: page.game,
          data: gameOptions,
          value: game,
          onChange: (value) => {
            setGame(value ?? ALL);
            setPageNumber(1);
          },
          width: 240,
        }}
        total={texts.total}
        answer={answer}
        failed={texts.failed}
        skeleton={{ label: texts.loading, height: 64 }}
        empty={{
          icon: kind === 'SKIN' ? <IconPalette stroke={1.5} /> : <IconStack2 stroke={1.5} />,
          message: filtered ? texts.empty : texts.none,
          clear: filtered ? { label: page.clearFilters, onClick: clearFilters } : null,
        }}
        rows={
          data && {
            from: 'md',
            table: <ItemsTable kind={kind} rows={data.content} actions={actions} />,
            cards: <ItemCards kind={kind} rows={data.content} actions={actions} />,
          }
        }
        pagination={{ label: texts.pagination, value: pageNumber, onChange: setPageNumber }}
      />
    </Box>
  );
}

/**
 * Every skin and bundle, hidden and taken-down ones too, with search and a game filter (spec 2.13),
 * 20 a page; each can be taken down or restored, and its moderation history opened.
 */
export function AdminSkinsPage() {
  const [params, setParams] = useSearchParams();
  const view: Kind = params.get('view') === 'bundles' ? 'BUNDLE' : 'SKIN';
  const actions = useModerationActions();

  const changeView = (value: string | null) => {
    const next = new URLSearchParams(params);
    if (value === 'BUNDLE') next.set('view', 'bundles');
    else next.delete('view');
    setParams(next, { replace: true });
  };

  return (
    <PageContainer title={page.title} eyebrow={adminMessages.eyebrow} description={page.description}>
      <Tabs value={view} onChange={changeView} keepMounted={false}>
        <Tabs.List aria-label={page.tabsLabel}>
          <Tabs.Tab value="SKIN" leftSection={<IconPalette size={16} aria-hidden />}>
            {page.tabSkins}
          </Tabs.Tab>
          <Tabs.Tab value="BUNDLE" leftSection={<IconStack2 size={16} aria-hidden />}>
            {page.tabBundles}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="SKIN">
          <ModerationList kind="SKIN" actions={actions} />
        </Tabs.Panel>
        <Tabs.Panel value="BUNDLE">
          <ModerationList kind="BUNDLE" actions={actions} />
        </Tabs.Panel>
      </Tabs>
    </PageContainer>
  );
}
