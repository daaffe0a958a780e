import { Anchor, Badge, Button, Card, Group, Select, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconBook2, IconDownload, IconShoppingBag } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from 'urql';
import { usePurchaseResult } from '../../../shared/cart';
import type {
  GameType,
  MyOrdersAwaitingConsentQuery as AwaitingResult,
  MyOwnedSkinsQuery as MyOwnedSkinsResult,
} from '../../../shared/graphql/generated/graphql';
import { ListLoadError, ListPagination } from '../../../shared/listing';
import { gameNames, useSkinDownload } from '../../../shared/skin-card';
import { EmptyState, PageContainer, PurchaseResultBanner } from '../../../shared/ui';
import { WithdrawalConsentPanel, withdrawalMessages } from '../../../shared/withdrawal';
import { useRefreshOwnership } from '../../../shared/ownership';
import { CountryFlag } from '../../../shared/ui/country-flag';
import { accountMessages } from '../account.messages';
import { GameBadge, RowPreview } from '../components/created-item-cells';
import classes from '../components/created-items.module.css';
import { MyOrdersAwaitingConsentQuery, MyOwnedSkinsQuery } from '../lib/purchases.documents';

const collection = accountMessages.collection;

/** Spec 7.2: the account lists show 10 a page. */
const PAGE_SIZE = 10;
/** Spec 4 and 9: in the owned collection the download button rests 3 s after a click. */
const COLLECTION_DOWNLOAD_LOCK_MS = 3000;

const ALL = 'all';
/** Spec 3: the account area lists every game. */
const gameOptions = [
  { value: ALL, label: collection.allGames },
  ...(Object.keys(gameNames) as GameType[]).map((type) => ({ value: type, label: gameNames[type].name })),
];

type OwnedSkin = MyOwnedSkinsResult['myOwnedSkins']['content'][number];

type AwaitingOrder = AwaitingResult['myOrdersAwaitingConsent'][number];

/** Paid orders whose files wait for the buyer's consent, each with its consent and withdrawal buttons. */
function AwaitingConsent({ orders, onChanged }: { orders: readonly AwaitingOrder[]; onChanged: () => void }) {
  if (orders.length === 0) return null;
  return (
    <Card withBorder mb="md" aria-labelledby="awaiting-consent-title">
      <Stack gap="md">
        <div>
          <Text id="awaiting-consent-title" fw={700} size="lg">
            {withdrawalMessages.collectionTitle}
          </Text>
          <Text size="sm" c="dimmed">
            {withdrawalMessages.collectionIntro}
          </Text>
        </div>
        {orders.map((order) => (
          <Stack key={order.id} gap="xs">
            <Group gap="xs">
              <Text fw={600}>{withdrawalMessages.orderLabel(order.externalId)}:</Text>
              <Text size="sm">{order.items.map((item) => item.name).join(', ')}</Text>
            </Group>
            <WithdrawalConsentPanel
              externalId={order.externalId}
              orderKey={null}
              totalPrice={order.totalPrice}
              withdrawal={order.withdrawal}
              where="COLLECTION"
              onChanged={onChanged}
            />
          </Stack>
        ))}
      </Stack>
    </Card>
  );
}

function DownloadButton({ skin, waiting }: { skin: OwnedSkin; waiting: boolean }) {
  if (waiting) {
    return (
      <Badge color="yellow" variant="light" size="lg">
        {withdrawalMessages.waitingBadge}
      </Badge>
    );
  }
  return <ReadyDownloadButton skin={skin} />;
}

function ReadyDownloadButton({ skin }: { skin: OwnedSkin }) {
  const { download, locked } = useSkinDownload(COLLECTION_DOWNLOAD_LOCK_MS);
  return (
    <Button
      variant="light"
      size="sm"
      leftSection={<IconDownload size={16} aria-hidden />}
      disabled={locked}
      onClick={() => download(skin.url, skin.type)}
      aria-label={collection.downloadLabel(skin.title)}
    >
      {collection.download}
    </Button>
  );
}

function CollectionTable({ skins, waiting }: { skins: OwnedSkin[]; waiting: ReadonlySet<string> }) {
  const columns = collection.columns;
  return (
    <Table.ScrollContainer minWidth={300}>
      <Table verticalSpacing="sm" highlightOnHover className={classes.table}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={136} visibleFrom="sm">
              {columns.preview}
            </Table.Th>
            <Table.Th>{columns.skin}</Table.Th>
            <Table.Th visibleFrom="sm">{columns.game}</Table.Th>
            <Table.Th ta="right">{columns.download}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {skins.map((skin) => (
            <Table.Tr key={skin.id}>
              <Table.Td visibleFrom="sm">
                <Link to={`/skins/${encodeURIComponent(skin.url)}`} tabIndex={-1} aria-hidden>
                  <RowPreview src={skin.thumbnail?.cardUrl} alt={collection.previewAlt(skin.title)} />
                </Link>
              </Table.Td>
              <Table.Td>
                <Stack gap={2} className={classes.description}>
                  <Anchor
                    component={Link}
                    to={`/skins/${encodeURIComponent(skin.url)}`}
                    className={classes.title}
                  >
                    {skin.title}
                  </Anchor>
                  <Group gap={6} wrap="nowrap">
                    <CountryFlag code={skin.author.country} size="0.85rem" />
                    <Text size="sm" c="dimmed">
                      {collection.byAuthor}{' '}
                      <Anchor
                        component={Link}
                        to={`/authors/${encodeURIComponent(skin.author.url)}`}
                        inherit
                        fw={600}
                        c="var(--mantine-color-text)"
                      >
                        {skin.author.username}
                      </Anchor>
                    </Text>
                  </Group>
                  {/* On a phone the game sits under the name (its column is left out). */}
                  <Group hiddenFrom="sm" mt={2}>
                    <GameBadge type={skin.type} />
                  </Group>
                </Stack>
              </Table.Td>
              <Table.Td visibleFrom="sm">
                <GameBadge type={skin.type} />
              </Table.Td>
              <Table.Td ta="right">
                <DownloadButton skin={skin} waiting={waiting.has(skin.id)} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Owned skins with their download buttons (spec 2.11); /success and /failed add the purchase banner. */
export function CollectionPage() {
  const purchaseResult = usePurchaseResult();
  const [page, setPage] = useState(1);
  const [game, setGame] = useState<string>(ALL);
  const [result, refetch] = useQuery({
    query: MyOwnedSkinsQuery,
    variables: {
      page: { page: page - 1, size: PAGE_SIZE },
      type: game === ALL ? null : (game as GameType),
    },
    // A purchase may have just added skins.
    requestPolicy: 'cache-and-network',
  });
  useEffect(() => {
    if (result.error) console.error('myOwnedSkins failed', result.error);
  }, [result.error]);
  const [awaiting, reloadAwaiting] = useQuery({
    query: MyOrdersAwaitingConsentQuery,
    requestPolicy: 'cache-and-network',
  });
  const awaitingOrders = awaiting.data?.myOrdersAwaitingConsent ?? [];
  const waitingSkinIds = new Set(awaiting.data?.myWaitingSkinIds);
  const refreshOwnership = useRefreshOwnership();
  const consentChanged = () => {
    reloadAwaiting({ requestPolicy: 'network-only' });
    refetch({ requestPolicy: 'network-only' });
    void refreshOwnership();
  };
  // The previous page stays on screen while the next one loads.
  const last = useRef(result.data);
  if (result.data) last.current = result.data;
  const skins = (result.data ?? last.current)?.myOwnedSkins;
  const filtered = game !== ALL;

  const explore = (
    <Button component={Link} to="/skins">
      {collection.explore}
    </Button>
  );

  let content;
  if (skins && skins.content.length > 0) {
    content = (
      <Card withBorder padding={0} aria-busy={result.fetching}>
        <CollectionTable skins={skins.content} waiting={waitingSkinIds} />
      </Card>
    );
  } else if (skins) {
    content = (
      <Card withBorder>
        <EmptyState
          icon={<IconShoppingBag stroke={1.5} />}
          message={filtered ? collection.noneForGame(gameNames[game as GameType].name) : collection.empty}
          actions={
            filtered ? (
              <Button variant="default" onClick={() => setGame(ALL)}>
                {collection.showAllGames}
              </Button>
            ) : (
              explore
            )
          }
        />
      </Card>
    );
  } else if (result.error) {
    content = (
      <ListLoadError
        message={collection.loadFailed}
        onRetry={() => refetch({ requestPolicy: 'network-only' })}
      />
    );
  } else {
    content = (
      <Card withBorder>
        <Stack gap="xs" role="status" aria-label={collection.loading}>
          {Array.from({ length: 4 }, (_, index) => (
            <Skeleton key={index} h={64} />
          ))}
        </Stack>
      </Card>
    );
  }

  const showFilter = filtered || (skins !== undefined && skins.pageInfo.totalElements > 0);

  return (
    <PageContainer
      title={collection.title}
      description={collection.description}
      actions={
        <Button
          component={Link}
          to="/installation-guide"
          variant="default"
          leftSection={<IconBook2 size={18} aria-hidden />}
        >
          {collection.installGuide}
        </Button>
      }
    >
      {purchaseResult ? <PurchaseResultBanner result={purchaseResult} /> : null}
      <AwaitingConsent orders={awaitingOrders} onChanged={consentChanged} />
      {showFilter ? (
        <Group justify="space-between" align="flex-end" mb="sm" gap="md">
          <Select
            label={collection.game}
            data={gameOptions}
            value={game}
            onChange={(value) => {
              setGame(value ?? ALL);
              setPage(1);
            }}
            allowDeselect={false}
            w={{ base: '100%', xs: 260 }}
            comboboxProps={{ withinPortal: true }}
          />
          {skins ? (
            <Text size="sm" c="dimmed" role="status">
              {collection.total(skins.pageInfo.totalElements)}
            </Text>
          ) : null}
        </Group>
      ) : null}
      {content}
      {skins ? (
        <ListPagination
          label={collection.pagination}
          total={skins.pageInfo.totalPages}
          value={page}
          onChange={setPage}
        />
      ) : null}
    </PageContainer>
  );
}
