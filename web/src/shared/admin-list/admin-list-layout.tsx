import { Box, Card, Group, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { ListLoadError, ListPagination } from '../listing';
import { ListSkeleton, useLastData } from './admin-list-parts';

/** One page of an admin list as the API answers it. */
export interface AdminListPage {
  content: readonly unknown[];
  pageInfo: { totalElements: number; totalPages: number };
}

/**
 * The list a query answered, kept on screen while the next page loads (a change of `key`, another
 * view of the list, forgets it); a failed query is logged (spec 8: only logged).
 */
export function useAdminListAnswer<List>(name: string, data: List | undefined, error: unknown, key = '') {
  useEffect(() => {
    if (error) console.error(`${name} failed`, error);
  }, [error, name]);
  return useLastData(data, key);
}

/** Several filters side by side (search box, selects, view switch), wrapping on a narrow screen. */
export function AdminListFilters({ children }: { children: ReactNode }) {
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

export interface AdminListLayoutProps {
  /** Left of the header: one filter, or several in AdminListFilters. Without filters the total stands alone on the right. */
  filters?: ReactNode;
  /** The words for the list's total ('12 users'). */
  total: (count: number) => string;
  /** Right of the header instead of the plain total (payouts: the register link, the total, the SEPA file). */
  tools?: ReactNode;
  /** A line under the header. */
  notice?: ReactNode;
  /** The last answer (useAdminListAnswer); undefined until the first one. */
  list: AdminListPage | undefined;
  fetching: boolean;
  error: unknown;
  /** What a failed load says, and its retry. */
  failed: string;
  onRetry: () => void;
  /** The placeholders while the first page loads. */
  skeleton: { label: string; rows?: number; height?: number };
  /** The empty state (no row, or none that matches). */
  empty: ReactNode;
  /** The rows: a table on a wide screen and cards below `from`, or one view for every width. */
  rows: Rows;
  /** Each state in a card of its own and the rows as a stack of cards (the reports queue), or all in one card. */
  framing?: 'one-card' | 'card-each';
  /** An empty last answer that is not yet this view's answer: placeholders rather than the empty state. */
  settling?: boolean;
  pagination: { label: string; value: number; onChange: (page: number) => void };
}

/**
 * The admin lists' one layout (spec 2.13, 7.2: 20 a page): filters and the total above, a load error
 * with a retry, the placeholders, the empty state or the rows, and the pages below.
 */
export function AdminListLayout({
  filters,
  total,
  tools,
  notice,
  list,
  fetching,
  error,
  failed,
  onRetry,
  skeleton,
  empty,
  rows,
  framing = 'one-card',
  settling = false,
  pagination,
}: AdminListLayoutProps) {
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

  return (
    <Stack gap="md">
      {filters !== undefined || tools !== undefined ? (
        <Group justify="space-between" align="flex-end" gap="md">
          {filters}
          {tools ?? (totalLine !== null ? <AdminListTotal>{totalLine}</AdminListTotal> : null)}
        </Group>
      ) : totalLine !== null ? (
        <AdminListTotal ta="right">{totalLine}</AdminListTotal>
      ) : null}
      {notice}

      {error && !list ? <ListLoadError message={failed} onRetry={onRetry} /> : null}

      {framing === 'one-card' ? (
        <Card withBorder padding={0} aria-busy={fetching}>
          {loading ? placeholders : list.content.length === 0 ? empty : rowsView}
        </Card>
      ) : loading ? (
        placeholders && (
          <Card withBorder padding={0}>
            {placeholders}
          </Card>
        )
      ) : list.content.length === 0 ? (
        <Card withBorder padding={0}>
          {empty}
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
