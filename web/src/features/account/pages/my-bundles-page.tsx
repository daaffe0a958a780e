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
import { IconEye, IconEyeOff, IconPencil, IconPlus, IconStack2 } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from 'urql';
import { formatDate, formatPrice } from '../../../shared/format';
import type { MyCreatedBundlesQuery as MyCreatedBundlesResult } from '../../../shared/graphql/generated/graphql';
import { ListLoadError, ListPagination } from '../../../shared/listing';
import { EmptyState, PageContainer } from '../../../shared/ui';
import { accountMessages } from '../account.messages';
import { GameBadge, RowAction, RowPreview, VisibilityIcon } from '../components/created-item-cells';
import classes from '../components/created-items.module.css';
import { useVisibilityToggle } from '../hooks/use-visibility-toggle';
import type { VisibilityToggle } from '../hooks/use-visibility-toggle';
import { MyCreatedBundlesQuery } from '../lib/authoring.documents';

const myBundles = accountMessages.myBundles;

/** Spec 7.2: the account lists show 10 a page. */
const PAGE_SIZE = 10;

type BundleRow = MyCreatedBundlesResult['myCreatedBundles']['content'][number];

/** Edit, hide or publish (spec 2.11). */
function BundleActions({
  bundle,
  published,
  visibility,
}: {
  bundle: BundleRow;
  published: boolean;
  visibility: VisibilityToggle;
}) {
  return (
    <Group gap={6} wrap="nowrap">
      <Tooltip label={myBundles.editLabel(bundle.title)} openDelay={300}>
        <ActionIcon
          component={Link}
          to={`/me/bundle/edit/${encodeURIComponent(bundle.url)}`}
          variant="light"
          size="lg"
          aria-label={myBundles.editLabel(bundle.title)}
        >
          <IconPencil size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <RowAction
        label={published ? myBundles.hideLabel(bundle.title) : myBundles.publishLabel(bundle.title)}
        color={published ? 'gray' : 'teal'}
        loading={visibility.isPending(bundle.id)}
        onClick={() => void visibility.toggle({ id: bundle.id, published })}
      >
        {published ? <IconEyeOff size={18} aria-hidden /> : <IconEye size={18} aria-hidden />}
      </RowAction>
    </Group>
  );
}

/** Phones and narrow screens: one card per bundle instead of the table's columns. */
function BundleCards({ bundles, visibility }: { bundles: BundleRow[]; visibility: VisibilityToggle }) {
  return (
    <ul className={classes.cards}>
      {bundles.map((bundle) => {
        const published = visibility.publishedOf(bundle);
        return (
          <li key={bundle.id} className={classes.card} data-hidden={published ? undefined : true}>
            <div className={classes.cardTop}>
              <RowPreview src={bundle.thumbnail?.cardUrl} alt={myBundles.previewAlt(bundle.title)} />
              <Stack gap={6} miw={0} style={{ flex: 1 }}>
                <Anchor
                  component={Link}
                  to={`/bundles/${encodeURIComponent(bundle.url)}`}
                  className={classes.title}
                >
                  {bundle.title}
                </Anchor>
                <Group gap={8}>
                  <VisibilityIcon published={published} labels={myBundles} size="md" />
                  <GameBadge type={bundle.type} />
                  <Text fw={600} size="sm" c={bundle.price > 0 ? undefined : 'teal'}>
                    {formatPrice(bundle.price)}
                  </Text>
                </Group>
                <Text size="xs" c="dimmed">
                  <time dateTime={bundle.createdAt}>{formatDate(bundle.createdAt)}</time> ·{' '}
                  {myBundles.skinCount(bundle.skins.length)}
                </Text>
              </Stack>
            </div>
            {bundle.description ? (
              <Text size="sm" c="dimmed" lineClamp={2}>
                {bundle.description}
              </Text>
            ) : null}
            <Group justify="flex-end">
              <BundleActions bundle={bundle} published={published} visibility={visibility} />
            </Group>
          </li>
        );
      })}
    </ul>
  );
}

function BundlesTable({ bundles, visibility }: { bundles: BundleRow[]; visibility: VisibilityToggle }) {
  const columns = myBundles.columns;
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table verticalSpacing="sm" highlightOnHover className={classes.table}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={72}>{columns.visibility}</Table.Th>
            <Table.Th>{columns.submitted}</Table.Th>
            <Table.Th>{columns.preview}</Table.Th>
            <Table.Th>{columns.title}</Table.Th>
            <Table.Th>{columns.price}</Table.Th>
            <Table.Th>{columns.type}</Table.Th>
            <Table.Th>{columns.actions}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {bundles.map((bundle) => {
            const published = visibility.publishedOf(bundle);
            return (
              <Table.Tr key={bundle.id} className={classes.row} data-hidden={published ? undefined : true}>
                <Table.Td>
                  <VisibilityIcon published={published} labels={myBundles} />
                </Table.Td>
                <Table.Td className={classes.nowrap}>
                  <time dateTime={bundle.createdAt}>{formatDate(bundle.createdAt)}</time>
                </Table.Td>
                <Table.Td>
                  <RowPreview src={bundle.thumbnail?.cardUrl} alt={myBundles.previewAlt(bundle.title)} />
                </Table.Td>
                <Table.Td>
                  <Stack gap={2} className={classes.description}>
                    <Anchor
                      component={Link}
                      to={`/bundles/${encodeURIComponent(bundle.url)}`}
                      className={classes.title}
                    >
                      {bundle.title}
                    </Anchor>
                    <Text size="xs" c="dimmed">
                      {myBundles.skinCount(bundle.skins.length)}
                    </Text>
                    {bundle.description ? (
                      <Text size="sm" c="dimmed" lineClamp={2}>
                        {bundle.description}
                      </Text>
                    ) : null}
                  </Stack>
                </Table.Td>
                <Table.Td className={classes.nowrap}>
                  <Text fw={600} c={bundle.price > 0 ? undefined : 'teal'}>
                    {formatPrice(bundle.price)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <GameBadge type={bundle.type} />
                </Table.Td>
                <Table.Td>
                  <BundleActions bundle={bundle} published={published} visibility={visibility} />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

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
  const last = useRef(result.data);
  if (result.data) last.current = result.data;
  const bundles = (result.data ?? last.current)?.myCreatedBundles;

  const create = (
    <Button component={Link} to="/me/publish/bundle" leftSection={<IconPlus size={18} aria-hidden />}>
      {myBundles.create}
    </Button>
  );

  let content;
  if (bundles && bundles.content.length > 0) {
    content = (
      <>
        <Card withBorder padding={0} aria-busy={result.fetching} visibleFrom="md">
          <BundlesTable bundles={bundles.content} visibility={visibility} />
        </Card>
        <Box hiddenFrom="md" aria-busy={result.fetching}>
          <BundleCards bundles={bundles.content} visibility={visibility} />
        </Box>
      </>
    );
  } else if (bundles) {
    content = (
      <Card withBorder>
        <EmptyState icon={<IconStack2 stroke={1.5} />} message={myBundles.empty} actions={create} />
      </Card>
    );
  } else if (result.error) {
    content = (
      <ListLoadError
        message={myBundles.loadFailed}
        onRetry={() => refetch({ requestPolicy: 'network-only' })}
      />
    );
  } else {
    content = (
      <Card withBorder>
        <Stack gap="xs" role="status" aria-label={myBundles.loading}>
          {Array.from({ length: 4 }, (_, index) => (
            <Skeleton key={index} h={64} />
          ))}
        </Stack>
      </Card>
    );
  }

  return (
    <PageContainer title={myBundles.title} description={myBundles.description} actions={create}>
      {bundles && bundles.pageInfo.totalElements > 0 ? (
        <Text size="sm" c="dimmed" mb="sm" role="status">
          {myBundles.total(bundles.pageInfo.totalElements)}
        </Text>
      ) : null}
      {content}
      {bundles ? (
        <ListPagination
          label={myBundles.pagination}
          total={bundles.pageInfo.totalPages}
          value={page}
          onChange={setPage}
        />
      ) : null}
    </PageContainer>
  );
}
