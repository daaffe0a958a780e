import {
  ActionIcon,
  Anchor,
  Box,
  Button,
  Card,
  Group,
  Skeleton,
  Stack,
  Table,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconDownload, IconEye, IconEyeOff, IconPalette, IconPencil, IconUpload } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from 'urql';
import { formatDate, formatPrice } from '../../../shared/format';
import type { MyCreatedSkinsQuery as MyCreatedSkinsResult } from '../../../shared/graphql/generated/graphql';
import { ListLoadError, ListPagination } from '../../../shared/listing';
import { useSkinDownload } from '../../../shared/skin-card';
import { EmptyState, PageContainer } from '../../../shared/ui';
import { accountMessages } from '../account.messages';
import { GameBadge, RowAction, RowPreview, VisibilityIcon } from '../components/created-item-cells';
import classes from '../components/created-items.module.css';
import { useVisibilityToggle } from '../hooks/use-visibility-toggle';
import type { VisibilityToggle } from '../hooks/use-visibility-toggle';
import { MyCreatedSkinsQuery } from '../lib/authoring.documents';

const mySkins = accountMessages.mySkins;

/** Spec 7.2: the account lists show 10 a page. */
const PAGE_SIZE = 10;

type SkinRow = MyCreatedSkinsResult['myCreatedSkins']['content'][number];

function DownloadAction({ skin }: { skin: SkinRow }) {
  const { download, locked } = useSkinDownload();
  return (
    <RowAction label={mySkins.downloadLabel(skin.title)} disabled={locked} onClick={() => download(skin.url)}>
      <IconDownload size={18} aria-hidden />
    </RowAction>
  );
}

/** Update, hide or publish, download (spec 2.11). */
function SkinActions({
  skin,
  published,
  visibility,
}: {
  skin: SkinRow;
  published: boolean;
  visibility: VisibilityToggle;
}) {
  return (
    <Group gap={6} wrap="nowrap">
      <Tooltip label={mySkins.updateLabel(skin.title)} openDelay={300}>
        <ActionIcon
          component={Link}
          to={`/me/skin/edit/${encodeURIComponent(skin.url)}`}
          variant="light"
          size="lg"
          aria-label={mySkins.updateLabel(skin.title)}
        >
          <IconPencil size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <RowAction
        label={published ? mySkins.hideLabel(skin.title) : mySkins.publishLabel(skin.title)}
        color={published ? 'gray' : 'teal'}
        loading={visibility.isPending(skin.id)}
        onClick={() => void visibility.toggle({ id: skin.id, published })}
      >
        {published ? <IconEyeOff size={18} aria-hidden /> : <IconEye size={18} aria-hidden />}
      </RowAction>
      <DownloadAction skin={skin} />
    </Group>
  );
}

/** Phones and narrow screens: one card per skin instead of the table's columns. */
function SkinCards({ skins, visibility }: { skins: SkinRow[]; visibility: VisibilityToggle }) {
  return (
    <ul className={classes.cards}>
      {skins.map((skin) => {
        const published = visibility.publishedOf(skin);
        return (
          <li key={skin.id} className={classes.card} data-hidden={published ? undefined : true}>
            <div className={classes.cardTop}>
              <RowPreview src={skin.thumbnail?.cardUrl} alt={mySkins.previewAlt(skin.title)} />
              <Stack gap={6} miw={0} style={{ flex: 1 }}>
                <Anchor
                  component={Link}
                  to={`/skins/${encodeURIComponent(skin.url)}`}
                  className={classes.title}
                >
                  {skin.title}
                </Anchor>
                <Group gap={8}>
                  <VisibilityIcon published={published} labels={mySkins} size="md" />
                  <GameBadge type={skin.type} />
                  <Text fw={600} size="sm" c={skin.price > 0 ? undefined : 'teal'}>
                    {formatPrice(skin.price)}
                  </Text>
                </Group>
                <Text size="xs" c="dimmed">
                  <time dateTime={skin.createdAt}>{formatDate(skin.createdAt)}</time>
                </Text>
              </Stack>
            </div>
            {skin.description ? (
              <Text size="sm" c="dimmed" lineClamp={2}>
                {skin.description}
              </Text>
            ) : null}
            <Group justify="flex-end">
              <SkinActions skin={skin} published={published} visibility={visibility} />
            </Group>
          </li>
        );
      })}
    </ul>
  );
}

function SkinsTable({ skins, visibility }: { skins: SkinRow[]; visibility: VisibilityToggle }) {
  const columns = mySkins.columns;
  return (
    <Table.ScrollContainer minWidth={880}>
      <Table verticalSpacing="sm" highlightOnHover className={classes.table}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={72}>{columns.visibility}</Table.Th>
            <Table.Th>{columns.date}</Table.Th>
            <Table.Th>{columns.preview}</Table.Th>
            <Table.Th>{columns.description}</Table.Th>
            <Table.Th>{columns.price}</Table.Th>
            <Table.Th>{columns.type}</Table.Th>
            <Table.Th>{columns.actions}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {skins.map((skin) => {
            const published = visibility.publishedOf(skin);
            return (
              <Table.Tr key={skin.id} className={classes.row} data-hidden={published ? undefined : true}>
                <Table.Td>
                  <VisibilityIcon published={published} labels={mySkins} />
                </Table.Td>
                <Table.Td className={classes.nowrap}>
                  <time dateTime={skin.createdAt}>{formatDate(skin.createdAt)}</time>
                </Table.Td>
                <Table.Td>
                  <RowPreview src={skin.thumbnail?.cardUrl} alt={mySkins.previewAlt(skin.title)} />
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
                    {skin.description ? (
                      <Text size="sm" c="dimmed" lineClamp={2}>
                        {skin.description}
                      </Text>
                    ) : null}
                  </Stack>
                </Table.Td>
                <Table.Td className={classes.nowrap}>
                  <Text fw={600} c={skin.price > 0 ? undefined : 'teal'}>
                    {formatPrice(skin.price)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <GameBadge type={skin.type} />
                </Table.Td>
                <Table.Td>
                  <SkinActions skin={skin} published={published} visibility={visibility} />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The skins the user has uploaded (spec 2.11 "Created skins"), 10 a page, hidden ones included. */
export function MySkinsPage() {
  const [page, setPage] = useState(1);
  const visibility = useVisibilityToggle('skin');
  const [result, refetch] = useQuery({
    query: MyCreatedSkinsQuery,
    variables: { page: { page: page - 1, size: PAGE_SIZE, sortBy: 'createdAt', sortDirection: 'DESC' } },
    requestPolicy: 'cache-and-network',
  });
  useEffect(() => {
    if (result.error) console.error('myCreatedSkins failed', result.error);
  }, [result.error]);
  // The previous page stays on screen while the next one loads.
  const last = useRef(result.data);
  if (result.data) last.current = result.data;
  const skins = (result.data ?? last.current)?.myCreatedSkins;

  const upload = (
    <Button component={Link} to="/me/publish" leftSection={<IconUpload size={18} aria-hidden />}>
      {mySkins.upload}
    </Button>
  );

  let content;
  if (skins && skins.content.length > 0) {
    content = (
      <>
        <Card withBorder padding={0} aria-busy={result.fetching} visibleFrom="md">
          <SkinsTable skins={skins.content} visibility={visibility} />
        </Card>
        <Box hiddenFrom="md" aria-busy={result.fetching}>
          <SkinCards skins={skins.content} visibility={visibility} />
        </Box>
      </>
    );
  } else if (skins) {
    content = (
      <Card withBorder>
        <EmptyState icon={<IconPalette stroke={1.5} />} message={mySkins.empty} actions={upload} />
      </Card>
    );
  } else if (result.error) {
    content = (
      <ListLoadError
        message={mySkins.loadFailed}
        onRetry={() => refetch({ requestPolicy: 'network-only' })}
      />
    );
  } else {
    content = (
      <Card withBorder>
        <Stack gap="xs" role="status" aria-label={mySkins.loading}>
          {Array.from({ length: 5 }, (_, index) => (
            <Skeleton key={index} h={64} />
          ))}
        </Stack>
      </Card>
    );
  }

  return (
    <PageContainer title={mySkins.title} description={mySkins.description} actions={upload}>
      {skins && skins.pageInfo.totalElements > 0 ? (
        <Text size="sm" c="dimmed" mb="sm" role="status">
          {mySkins.total(skins.pageInfo.totalElements)}
        </Text>
      ) : null}
      {content}
      {skins ? (
        <ListPagination
          label={mySkins.pagination}
          total={skins.pageInfo.totalPages}
          value={page}
          onChange={setPage}
        />
      ) : null}
    </PageContainer>
  );
}
