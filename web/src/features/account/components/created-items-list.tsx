import { Anchor, Box, Button, Card, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconEye, IconEyeOff, IconPencil } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDate, formatPrice } from '../../../shared/format';
import type { GameType } from '../../../shared/graphql/generated/graphql';
import { ListLoadError, ListPagination } from '../../../shared/listing';
import { moderationUiMessages, TakedownSummary } from '../../../shared/moderation';
import { EmptyState, PageContainer } from '../../../shared/ui';
import type { VisibilityToggle } from '../hooks/use-visibility-toggle';
import { GameBadge, RowAction, RowPreview, VisibilityIcon } from './created-item-cells';
import classes from './created-items.module.css';

/** What the created skins and created bundles lists show of an item (spec 2.11). */
export type CreatedItem = {
  id: string;
  url: string;
  title: string;
  description: string;
  price: number;
  type: GameType;
  createdAt: string;
  published: boolean;
  thumbnail?: { cardUrl?: string | null } | null;
  /** An admin's takedown (docs/moderation.md): the item stays down whatever its switch says. */
  takedown?: { at: string; reason: string } | null;
};

export type CreatedItemsMessages = {
  title: string;
  description: string;
  empty: string;
  loading: string;
  loadFailed: string;
  total: (count: number) => string;
  pagination: string;
  published: string;
  hidden: string;
  previewAlt: (title: string) => string;
  hideLabel: (title: string) => string;
  publishLabel: (title: string) => string;
  hideText: string;
  publishText: string;
  columns: {
    visibility: string;
    date: string;
    preview: string;
    description: string;
    price: string;
    type: string;
    actions: string;
  };
};

/** How one kind of item (skin or bundle) differs in the list. */
export type CreatedItemKind<T extends CreatedItem> = {
  itemType: 'SKIN' | 'BUNDLE';
  messages: CreatedItemsMessages;
  /** The public page of the item. */
  pathOf: (item: T) => string;
  editPathOf: (item: T) => string;
  editLabel: (title: string) => string;
  /** The edit button's visible word ('Update', 'Edit'), the first word of `editLabel`. */
  editText: string;
  /** A short line about the item (a bundle's skin count). */
  detailsOf?: (item: T) => string;
  /** Actions after edit and hide/publish (a skin's download). */
  moreActions?: (item: T) => ReactNode;
  /** Figures shown as columns after the price (a skin's downloads, sales and rating). */
  figures?: { header: string; icon: ReactNode; valueOf: (item: T) => ReactNode }[];
};

/** Edit, hide or publish, and the kind's own actions (spec 2.11). */
function ItemActions<T extends CreatedItem>({
  item,
  kind,
  published,
  visibility,
}: {
  item: T;
  kind: CreatedItemKind<T>;
  published: boolean;
  visibility: VisibilityToggle;
}) {
  const { messages } = kind;
  // The API refuses to publish a taken-down item; the switch says why instead of trying.
  const unavailable = item.takedown ? moderationUiMessages.takedown.toggleDisabled(kind.itemType) : undefined;
  return (
    <Group gap={6} wrap="nowrap">
      <Button
        component={Link}
        to={kind.editPathOf(item)}
        variant="light"
        size="xs"
        leftSection={<IconPencil size={16} aria-hidden />}
        aria-label={kind.editLabel(item.title)}
      >
        {kind.editText}
      </Button>
      <RowAction
        label={published ? messages.hideLabel(item.title) : messages.publishLabel(item.title)}
        text={published ? messages.hideText : messages.publishText}
        color={published ? 'gray' : 'teal'}
        loading={visibility.isPending(item.id)}
        unavailable={unavailable}
        onClick={() => void visibility.toggle({ id: item.id, published })}
      >
        {published ? <IconEyeOff size={16} aria-hidden /> : <IconEye size={16} aria-hidden />}
      </RowAction>
      {kind.moreActions?.(item)}
    </Group>
  );
}

function TitleLink<T extends CreatedItem>({ item, kind }: { item: T; kind: CreatedItemKind<T> }) {
  return (
    <Anchor component={Link} to={kind.pathOf(item)} className={classes.title}>
      {item.title}
    </Anchor>
  );
}

const priceOf = (item: CreatedItem, size?: 'sm') => (
  <Text fw={600} size={size} c={item.price > 0 ? undefined : 'teal'}>
    {formatPrice(item.price)}
  </Text>
);

/** Phones and narrow screens: one card per item instead of the table's columns. */
function ItemCards<T extends CreatedItem>(props: {
  items: T[];
  kind: CreatedItemKind<T>;
  visibility: VisibilityToggle;
}) {
  const { items, kind, visibility } = props;
  const visibilityLabels = { ...kind.messages, takenDown: moderationUiMessages.takedown.badge };
  return (
    <ul className={classes.cards}>
      {items.map((item) => {
        const published = visibility.publishedOf(item);
        return (
          <li
            key={item.id}
            className={classes.card}
            data-hidden={published && !item.takedown ? undefined : true}
            data-taken-down={item.takedown ? true : undefined}
          >
            <div className={classes.cardTop}>
              <RowPreview src={item.thumbnail?.cardUrl} alt={kind.messages.previewAlt(item.title)} />
              <Stack gap={6} miw={0} style={{ flex: 1 }}>
                <TitleLink item={item} kind={kind} />
                {item.takedown ? <TakedownSummary takedown={item.takedown} /> : null}
                <Group gap={8}>
                  <VisibilityIcon
                    published={published}
                    takenDown={Boolean(item.takedown)}
                    labels={visibilityLabels}
                    size="md"
                  />
                  <GameBadge type={item.type} />
                  {priceOf(item, 'sm')}
                </Group>
                <Text size="xs" c="dimmed">
                  <time dateTime={item.createdAt}>{formatDate(item.createdAt)}</time>
                  {kind.detailsOf ? ` · ${kind.detailsOf(item)}` : null}
                </Text>
                {kind.figures ? (
                  <dl className={classes.figures}>
                    {kind.figures.map((figure) => (
                      <div key={figure.header}>
                        <dt>{figure.header}</dt>
                        <dd>{figure.valueOf(item)}</dd>
                      </div>
                    ))}
                  </dl>
                ) : null}
              </Stack>
            </div>
            {item.description ? (
              <Text size="sm" c="dimmed" lineClamp={2}>
                {item.description}
              </Text>
            ) : null}
            <Group justify="flex-end">
              <ItemActions item={item} kind={kind} published={published} visibility={visibility} />
            </Group>
          </li>
        );
      })}
    </ul>
  );
}

function ItemsTable<T extends CreatedItem>(props: {
  items: T[];
  kind: CreatedItemKind<T>;
  visibility: VisibilityToggle;
}) {
  const { items, kind, visibility } = props;
  const columns = kind.messages.columns;
  const visibilityLabels = { ...kind.messages, takenDown: moderationUiMessages.takedown.badge };
  return (
    // A skin's figures add three narrow columns: closer cells keep the description readable.
    <Table.ScrollContainer minWidth={880}>
      <Table
        verticalSpacing="sm"
        horizontalSpacing={kind.figures ? 'xs' : undefined}
        highlightOnHover
        className={classes.table}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={72}>{columns.visibility}</Table.Th>
            <Table.Th>{columns.date}</Table.Th>
            <Table.Th>{columns.preview}</Table.Th>
            <Table.Th>{columns.description}</Table.Th>
            <Table.Th>{columns.price}</Table.Th>
            {kind.figures?.map((figure) => (
              <Table.Th key={figure.header}>
                <span className={classes.figureHeader}>
                  {figure.icon}
                  {figure.header}
                </span>
              </Table.Th>
            ))}
            <Table.Th>{columns.type}</Table.Th>
            <Table.Th>{columns.actions}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => {
            const published = visibility.publishedOf(item);
            return (
              <Table.Tr
                key={item.id}
                className={classes.row}
                data-hidden={published && !item.takedown ? undefined : true}
                data-taken-down={item.takedown ? true : undefined}
              >
                <Table.Td>
                  <VisibilityIcon
                    published={published}
                    takenDown={Boolean(item.takedown)}
                    labels={visibilityLabels}
                  />
                </Table.Td>
                <Table.Td className={classes.nowrap}>
                  <time dateTime={item.createdAt}>{formatDate(item.createdAt)}</time>
                </Table.Td>
                <Table.Td>
                  <RowPreview src={item.thumbnail?.cardUrl} alt={kind.messages.previewAlt(item.title)} />
                </Table.Td>
                <Table.Td>
                  <Stack gap={2} className={classes.description}>
                    <TitleLink item={item} kind={kind} />
                    {item.takedown ? <TakedownSummary takedown={item.takedown} /> : null}
                    {kind.detailsOf ? (
                      <Text size="xs" c="dimmed">
                        {kind.detailsOf(item)}
                      </Text>
                    ) : null}
                    {item.description ? (
                      <Text size="sm" c="dimmed" lineClamp={2}>
                        {item.description}
                      </Text>
                    ) : null}
                  </Stack>
                </Table.Td>
                <Table.Td className={classes.nowrap}>{priceOf(item)}</Table.Td>
                {kind.figures?.map((figure) => (
                  <Table.Td key={figure.header} className={classes.nowrap}>
                    {figure.valueOf(item)}
                  </Table.Td>
                ))}
                <Table.Td>
                  <GameBadge type={item.type} />
                </Table.Td>
                <Table.Td>
                  <ItemActions item={item} kind={kind} published={published} visibility={visibility} />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * A created-items page (spec 2.11 "Created skins" and "Created bundles"): the table (cards on a
 * phone), its count, paging, and the empty, loading and failed states.
 */
export function CreatedItemsPage<T extends CreatedItem>(props: {
  /** Shown above the list (the invitations to co-author, on My Skins). */
  above?: ReactNode;
  kind: CreatedItemKind<T>;
  visibility: VisibilityToggle;
  /** The page of items; undefined until the first answer. */
  items: { content: T[]; pageInfo: { totalElements: number; totalPages: number } } | undefined;
  fetching: boolean;
  failed: boolean;
  onRetry: () => void;
  page: number;
  onPage: (page: number) => void;
  /** The button to add an item, in the header and in the empty state. */
  create: ReactNode;
  emptyIcon: ReactNode;
  skeletonRows: number;
}) {
  const { kind, items, visibility } = props;
  const messages = kind.messages;
  let content;
  if (items && items.content.length > 0) {
    content = (
      <>
        <Card withBorder padding={0} aria-busy={props.fetching} visibleFrom="md">
          <ItemsTable items={items.content} kind={kind} visibility={visibility} />
        </Card>
        <Box hiddenFrom="md" aria-busy={props.fetching}>
          <ItemCards items={items.content} kind={kind} visibility={visibility} />
        </Box>
      </>
    );
  } else if (items) {
    content = (
      <Card withBorder>
        <EmptyState icon={props.emptyIcon} message={messages.empty} actions={props.create} />
      </Card>
    );
  } else if (props.failed) {
    content = <ListLoadError message={messages.loadFailed} onRetry={props.onRetry} />;
  } else {
    content = (
      <Card withBorder>
        <Stack gap="xs" role="status" aria-label={messages.loading}>
          {Array.from({ length: props.skeletonRows }, (_, index) => (
            <Skeleton key={index} h={64} />
          ))}
        </Stack>
      </Card>
    );
  }

  return (
    <PageContainer title={messages.title} description={messages.description} actions={props.create}>
      {props.above}
      {items && items.pageInfo.totalElements > 0 ? (
        <Text size="sm" c="dimmed" mb="sm" role="status">
          {messages.total(items.pageInfo.totalElements)}
        </Text>
      ) : null}
      {content}
      {items ? (
        <ListPagination
          label={messages.pagination}
          total={items.pageInfo.totalPages}
          value={props.page}
          onChange={props.onPage}
        />
      ) : null}
    </PageContainer>
  );
}
