import { Box, Button, Card, Group, Select, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { ListLoadError, ListPagination, ListSearchInput } from '../listing';
import type { SearchBox } from '../listing';
import { EmptyState } from '../ui';
import { ListSkeleton, ListViewSwitch } from './admin-list-parts';
import type { AdminListAnswer } from './use-admin-list';

/** One page of an admin list as the API answers it. */
export interface AdminListPage {
  content: readonly unknown[];
  pageInfo: { totalElements: number; totalPages: number };
}

/** Several filters side by side (search box, selects, view switch), wrapping on a narrow screen. */
function AdminListFilters({ children }: { children: ReactNode }) {
  return (
    <Group align="flex-end" gap="md" wrap="wrap" style={{ flex: 1 }}>
      {children}
    </Group>
  );
}

/** How many rows the list holds, said to screen readers when it changes. */
export function AdminListTotal({ children, ta }: { children: ReactNode; ta?: 'right' }) {
  return (
    <Text size="sm" c="dimmed" role="status" ta={ta}>
      {children}
    </Text>
  );
}

type Rows = ReactNode | { table: ReactNode; cards: ReactNode; from: 'sm' | 'md' };

const isSplit = (rows: Rows): rows is { table: ReactNode; cards: ReactNode; from: 'sm' | 'md' } =>
  typeof rows === 'object' && rows !== null && 'table' in rows && 'cards' in rows;

/** The words of a list's search box. */
export interface AdminListSearchTexts {
  /** Its label and accessible name. */
  search: string;
  searchPlaceholder: string;
  /** Said under the box while what is typed is too short to search for. */
  searchHint: string;
  /** The ✕ button's name. */
  clearSearch: string;
}

/** The search box of a list (Enter applies at once, Escape or the ✕ clears). */
export interface AdminListSearch {
  box: SearchBox;
  texts: AdminListSearchTexts;
  /** Its width beside the other filters (full width on a phone). */
  width: number;
}

/** A select that narrows the list (a status, a game). */
export interface AdminListSelect {
  label: string;
  data: { value: string; label: string }[];
  value: string;
  onChange: (value: string | null) => void;
  width: number;
}

/** A switch between views of the list (All | Blocked, Open | All). */
export interface AdminListView<View extends string> {
  label: string;
  value: View;
  options: { value: View; label: string }[];
  onChange: (view: View) => void;
}

export interface AdminListLayoutProps<View extends string = string> {
  /** Left of the header, in this order; without any the total stands alone on the right. */
  search?: AdminListSearch;
  select?: AdminListSelect;
  view?: AdminListView<View>;
  /** The words for the list's total ('12 users'). */
  total: (count: number) => string;
  /** Right of the header instead of the plain total (payouts: the register link, the total, the SEPA file). */
  tools?: ReactNode;
  /** A line under the header. */
  notice?: ReactNode;
  answer: AdminListAnswer<AdminListPage>;
  /** What a failed load says above its retry. */
  failed: string;
  /** The placeholders while the first page loads. */
  skeleton: { label: string; rows?: number; height?: number };
  /** The empty state (no row, or none that matches), with a button that clears the filters when they hide rows. */
  empty: {
    icon: ReactNode;
    title?: string;
    message: string;
    clear?: { label: string; onClick: () => void } | null;
  };
  /** The rows: a table on a wide screen and cards below `from`, or one view for every width. */
  rows: Rows;
  /** Each state in a card of its own and the rows as a stack of cards (the reports queue), or all in one card. */
  framing?: 'one-card' | 'card-each';
  /** An empty last answer that is not yet this view's answer: placeholders rather than the empty state. */
  settling?: boolean;
  pagination: { label: string; value: number; onChange: (page: number) => void };
}

function Filters<View extends string>({
  search,
  select,
  view,
}: Pick<AdminListLayoutProps<View>, 'search' | 'select' | 'view'>) {
  const filters = [
    search ? (
      <ListSearchInput
        key="search"
        box={search.box}
        label={search.texts.search}
        placeholder={search.texts.searchPlaceholder}
        tooShortHint={search.texts.searchHint}
        clearLabel={search.texts.clearSearch}
        w={{ base: '100%', sm: search.width }}
      />
    ) : null,
    select ? (
      <Select
        key="select"
        label={select.label}
        data={select.data}
        value={select.value}
        onChange={select.onChange}
        allowDeselect={false}
        w={{ base: '100%', sm: select.width }}
        comboboxProps={{ withinPortal: true }}
      />
    ) : null,
    view ? (
      <ListViewSwitch
        key="view"
        label={view.label}
        value={view.value}
        options={view.options}
        onChange={view.onChange}
      />
    ) : null,
  ].filter(Boolean);
  return filters.length > 1 ? <AdminListFilters>{filters}</AdminListFilters> : filters[0];
}

/**
 * The admin lists' one layout (spec 2.13, 7.2: 20 a page): filters and the total above, a load error
 * with a retry, the placeholders, the empty state or the rows, and the pages below.
 */
export function AdminListLayout<View extends string>({
  search,
  select,
  view,
  total,
  tools,
  notice,
  answer,
  failed,
  skeleton,
  empty,
  rows,
  framing = 'one-card',
  settling = false,
  pagination,
}: AdminListLayoutProps<View>) {
  const { list, fetching, error } = answer;
  const hasFilters = Boolean(search || select || view);
  const totalLine = list ? total(list.pageInfo.totalElements) : null;
  const rowsView = isSplit(rows) ? (
    <>
      <Box visibleFrom={rows.from}>{rows.table}</Box>
      <Box hiddenFrom={rows.from}>{rows.cards}</Box>
    </>
  ) : (
    rows
  );
  const loading = !list || (list.content.length === 0 && settling);
  const placeholders = error ? null : <ListSkeleton {...skeleton} />;
  const emptyState = (
    <EmptyState
      icon={empty.icon}
      title={empty.title}
      message={empty.message}
      actions={
        empty.clear ? (
          <Button variant="default" onClick={empty.clear.onClick}>
            {empty.clear.label}
          </Button>
        ) : null
      }
    />
  );

  return (
    <Stack gap="md">
      {hasFilters || tools !== undefined ? (
        <Group justify="space-between" align="flex-end" gap="md">
          {hasFilters ? <Filters search={search} select={select} view={view} /> : null}
          {tools ?? (totalLine !== null ? <AdminListTotal>{totalLine}</AdminListTotal> : null)}
        </Group>
      ) : totalLine !== null ? (
        <AdminListTotal ta="right">{totalLine}</AdminListTotal>
      ) : null}
      {notice}

      {error && !list ? <ListLoadError message={failed} onRetry={answer.retry} /> : null}

      {framing === 'one-card' ? (
        <Card withBorder padding={0} aria-busy={fetching}>
          {loading ? placeholders : list.content.length === 0 ? emptyState : rowsView}
        </Card>
      ) : loading ? (
        placeholders && (
          <Card withBorder padding={0}>
            {placeholders}
          </Card>
        )
      ) : list.content.length === 0 ? (
        <Card withBorder padding={0}>
          {emptyState}
        </Card>
      ) : (
        <Stack gap="md" aria-busy={fetching}>
          {rowsView}
        </Stack>
      )}

      {list ? (
        <ListPagination
          label={pagination.label}
          total={list.pageInfo.totalPages}
          value={pagination.value}
          onChange={pagination.onChange}
        />
      ) : null}
    </Stack>
  );
}
