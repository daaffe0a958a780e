import {
  Alert,
  Avatar,
  Button,
  Card,
  CloseButton,
  Group,
  Pagination,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { IconAlertCircle, IconSearch, IconUsers } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useQuery } from 'urql';
import { formatDate } from '../../../shared/format';
import type { AdminUsersQuery as AdminUsersResult } from '../../../shared/graphql/generated/graphql';
import { EmptyState, PageContainer } from '../../../shared/ui';
import { CountryFlag } from '../../../shared/ui/country-flag';
import { adminMessages } from '../admin.messages';
import { SEARCH_MIN_LENGTH, useSearchQuery } from '../hooks/use-search-query';
import { AdminUsersQuery } from '../lib/users.documents';

const page = adminMessages.users;

/** Spec 7.2: admin lists show 20 a page. */
const PAGE_SIZE = 20;

type UserRow = AdminUsersResult['users']['content'][number];

function UsersTable({ users }: { users: UserRow[] }) {
  const columns = page.columns;
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={64}>
              <VisuallyHidden>{columns.avatar}</VisuallyHidden>
            </Table.Th>
            <Table.Th>{columns.username}</Table.Th>
            <Table.Th>{columns.email}</Table.Th>
            <Table.Th>{columns.country}</Table.Th>
            <Table.Th>{columns.created}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((user) => (
            <Table.Tr key={user.id}>
              <Table.Td>
                <Avatar
                  src={user.avatar?.url ?? null}
                  alt={page.avatarAlt(user.username)}
                  radius="xl"
                  color="electric"
                >
                  {user.username.slice(0, 1).toUpperCase()}
                </Avatar>
              </Table.Td>
              <Table.Td>
                <Text fw={600}>{user.username}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{user.email}</Text>
              </Table.Td>
              <Table.Td>
                <CountryFlag code={user.country} size="1.1rem" />
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {user.createdAt ? formatDate(user.createdAt) : ''}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** All registered users with search (spec 2.13): 20 a page, anonymous buyers left out. */
export function UsersPage() {
  const [pageNumber, setPageNumber] = useState(1);
  const backToFirstPage = useCallback(() => setPageNumber(1), []);
  const search = useSearchQuery(backToFirstPage);
  const [result] = useQuery({
    query: AdminUsersQuery,
    variables: {
      search: search.applied || null,
      // The server lists the newest accounts first.
      page: { page: pageNumber - 1, size: PAGE_SIZE },
    },
  });

  // Keep the last page on screen while the next one loads.
  const lastData = useRef(result.data);
  if (result.data) lastData.current = result.data;
  const users = (result.data ?? lastData.current)?.users;

  useEffect(() => {
    if (result.error) console.error('users failed', result.error);
  }, [result.error]);

  const tooShort = search.input.trim().length > 0 && search.input.trim().length < SEARCH_MIN_LENGTH;

  return (
    <PageContainer title={page.title} eyebrow={adminMessages.eyebrow} description={page.description}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" gap="md">
          <TextInput
            label={page.search}
            placeholder={page.searchPlaceholder}
            description={tooShort ? page.searchHint : undefined}
            value={search.input}
            onChange={(event) => search.setInput(event.currentTarget.value)}
            leftSection={<IconSearch size={16} aria-hidden />}
            rightSection={
              search.input ? (
                <CloseButton aria-label={page.clearSearch} onClick={search.clear} size="sm" />
              ) : null
            }
            type="search"
            w={{ base: '100%', sm: 360 }}
          />
          {users ? (
            <Text size="sm" c="dimmed" role="status">
              {page.total(users.pageInfo.totalElements)}
            </Text>
          ) : null}
        </Group>

        {result.error && !users ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle />}>
            {page.failed}
          </Alert>
        ) : null}

        <Card withBorder padding={0} aria-busy={result.fetching}>
          {!users ? (
            result.error ? null : (
              <Stack gap="xs" p="md" role="status" aria-label={page.loading}>
                {Array.from({ length: 6 }, (_, index) => (
                  <Skeleton key={index} h={40} />
                ))}
              </Stack>
            )
          ) : users.content.length === 0 ? (
            <EmptyState
              icon={<IconUsers stroke={1.5} />}
              message={search.applied ? page.noMatch(search.applied) : page.empty}
              actions={
                search.applied ? (
                  <Button variant="default" onClick={search.clear}>
                    {page.clearSearch}
                  </Button>
                ) : null
              }
            />
          ) : (
            <UsersTable users={users.content} />
          )}
        </Card>

        {users && users.pageInfo.totalPages > 1 ? (
          <Group justify="center" component="nav" aria-label={page.pagination}>
            <Pagination total={users.pageInfo.totalPages} value={pageNumber} onChange={setPageNumber} />
          </Group>
        ) : null}
      </Stack>
    </PageContainer>
  );
}
