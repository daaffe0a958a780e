import { Avatar, Badge, Button, Group, Stack, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconBan, IconHistory, IconLockOpen, IconTrash, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { useQuery } from 'urql';
import { formatDate } from '../../../shared/format';
import type { AdminUsersQuery as AdminUsersResult } from '../../../shared/graphql/generated/graphql';
import { normalizeRoles, useSession } from '../../../shared/session';
import { PageContainer } from '../../../shared/ui';
import { CountryFlag } from '../../../shared/ui/country-flag';
import { adminMessages } from '../admin-moderation.messages';
import { AdminListLayout } from '../../../shared/admin-list/admin-list-layout';
import { useAdminListAnswer, useAdminListSearch } from '../../../shared/admin-list/use-admin-list';
import { fullBadgeStyles, strongBadge, strongButton } from '../../../shared/admin-list/admin-list-parts';
import { EraseGuestBuyerButton } from '../components/erase-guest-buyer';
import { TakedownNote } from '../components/moderation-status';
import classes from '../../../shared/admin-list/admin-list.module.css';
import { accountKey, useModerationActions } from '../hooks/use-moderation-actions';
import type { ModerationActions } from '../hooks/use-moderation-actions';
import { AdminUsersQuery } from '../lib/users.documents';

const page = adminMessages.users;
const texts = adminMessages.moderation;

/** Spec 7.2: admin lists show 20 a page. */
const PAGE_SIZE = 20;

type UserRow = AdminUsersResult['users']['content'][number];
type Filter = 'all' | 'blocked';

const isAdminUser = (user: UserRow) => normalizeRoles(user.roles ?? []).includes('admin');

function UserAvatarCell({ user }: { user: UserRow }) {
  return (
    <Avatar src={user.avatar?.url ?? null} alt={page.avatarAlt(user.username)} radius="xl" color="electric">
      {user.username.slice(0, 1).toUpperCase()}
    </Avatar>
  );
}

function UserName({ user, you }: { user: UserRow; you: boolean }) {
  return (
    <Group gap={6} wrap="wrap">
      <Text fw={600}>{user.username}</Text>
      {isAdminUser(user) ? (
        <Badge styles={fullBadgeStyles} size="xs" variant="light" color="magenta" radius="sm">
          {page.adminBadge}
        </Badge>
      ) : null}
      {you ? (
        <Badge styles={fullBadgeStyles} size="xs" variant="outline" color="gray" radius="sm">
          {page.you}
        </Badge>
      ) : null}
    </Group>
  );
}

function UserStatus({ user }: { user: UserRow }) {
  if (!user.blocked)
    return (
      <Badge styles={fullBadgeStyles} color="teal" variant="light" radius="sm" {...strongBadge('teal')}>
        {page.active}
      </Badge>
    );
  return (
    <Stack gap={6} align="flex-start">
      <Badge
        styles={fullBadgeStyles}
        color="red.9"
        variant="filled"
        radius="sm"
        leftSection={<IconBan size={12} aria-hidden />}
      >
        {texts.status.blocked}
      </Badge>
      {user.block ? <TakedownNote takedown={user.block} /> : null}
    </Stack>
  );
}

/** Block or Unblock and Delete (never for admins or yourself), and History. */
function UserActions({ user, you, actions }: { user: UserRow; you: boolean; actions: ModerationActions }) {
  const account = { id: user.id, username: user.username };
  const busy = actions.pending.has(accountKey(account));
  const refusal = you ? page.notForYou : isAdminUser(user) ? page.notForAdmins : null;
  return (
    <Group gap={6} wrap="wrap" role="group" aria-label={texts.actions.group(user.username)}>
      {user.blocked ? (
        <Button
          size="xs"
          variant="light"
          color="teal"
          {...strongButton('teal')}
          leftSection={<IconLockOpen size={14} aria-hidden />}
          loading={busy}
          onClick={() => actions.unblock(account)}
          aria-label={texts.actions.label(texts.actions.unblock, user.username)}
        >
          {texts.actions.unblock}
        </Button>
      ) : refusal ? (
        <Tooltip label={refusal} openDelay={200}>
          <Text size="xs" c="dimmed" tabIndex={0} style={{ cursor: 'help' }}>
            {you ? page.you : page.adminBadge}
            <VisuallyHidden>: {refusal}</VisuallyHidden>
          </Text>
        </Tooltip>
      ) : (
        <Button
          size="xs"
          variant="light"
          color="red"
          leftSection={<IconBan size={14} aria-hidden />}
          loading={busy}
          onClick={() => actions.block(account)}
          aria-label={texts.actions.label(texts.actions.block, user.username)}
        >
          {texts.actions.block}
        </Button>
      )}
      {refusal ? null : (
        <Button
          size="xs"
          variant="subtle"
          color="red"
          leftSection={<IconTrash size={14} aria-hidden />}
          loading={busy}
          onClick={() => actions.deleteAccount(account)}
          aria-label={texts.actions.label(texts.actions.deleteAccount, user.username)}
        >
          {texts.actions.deleteAccount}
        </Button>
      )}
      <Button
        size="xs"
        variant="default"
        leftSection={<IconHistory size={14} aria-hidden />}
        onClick={() => actions.showHistory({ itemType: 'ACCOUNT', itemId: user.id, label: user.username })}
        aria-label={texts.actions.label(texts.actions.history, user.username)}
      >
        {texts.actions.history}
      </Button>
    </Group>
  );
}

function UsersTable({
  users,
  myId,
  actions,
}: {
  users: UserRow[];
  myId: string | null;
  actions: ModerationActions;
}) {
  const columns = page.columns;
  return (
    <Table.ScrollContainer minWidth={880}>
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
            <Table.Th>{page.status}</Table.Th>
            <Table.Th>{page.actions}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((user) => (
            <Table.Tr key={user.id}>
              <Table.Td>
                <UserAvatarCell user={user} />
              </Table.Td>
              <Table.Td maw={200}>
                <UserName user={user} you={user.id === myId} />
              </Table.Td>
              <Table.Td maw={220}>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {user.email}
                </Text>
              </Table.Td>
              <Table.Td>
                <CountryFlag code={user.country} size="1.1rem" />
              </Table.Td>
              <Table.Td>
                <Text size="sm" className={classes.nowrap}>
                  {user.createdAt ? formatDate(user.createdAt) : ''}
                </Text>
              </Table.Td>
              <Table.Td>
                <UserStatus user={user} />
              </Table.Td>
              <Table.Td w={150}>
                <UserActions user={user} you={user.id === myId} actions={actions} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function UserCards({
  users,
  myId,
  actions,
}: {
  users: UserRow[];
  myId: string | null;
  actions: ModerationActions;
}) {
  return (
    <ul className={classes.cards}>
      {users.map((user) => (
        <li key={user.id} className={classes.card}>
          <div className={classes.cardTop}>
            <UserAvatarCell user={user} />
            <Stack gap={2} miw={0} style={{ flex: 1 }}>
              <UserName user={user} you={user.id === myId} />
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {user.email}
              </Text>
              <Group gap={6}>
                <CountryFlag code={user.country} size="0.9rem" />
                <Text size="xs" c="dimmed">
                  {user.createdAt ? formatDate(user.createdAt) : ''}
                </Text>
              </Group>
            </Stack>
          </div>
          <UserStatus user={user} />
          <UserActions user={user} you={user.id === myId} actions={actions} />
        </li>
      ))}
    </ul>
  );
}

/**
 * All registered users with search (spec 2.13), 20 a page, anonymous buyers left out; blocked ones
 * marked, with Block, Unblock and each account's moderation history.
 */
export function UsersPage() {
  const { pageNumber, setPageNumber, search, box } = useAdminListSearch();
  const [filter, setFilter] = useState<Filter>('all');
  const { user: me } = useSession();
  const myId = me ? String(me.id) : null;
  const actions = useModerationActions();
  const [result, refetch] = useQuery({
    query: AdminUsersQuery,
    variables: {
      search: search || null,
      blocked: filter === 'blocked' ? true : null,
      // The server lists the newest accounts first.
      page: { page: pageNumber - 1, size: PAGE_SIZE },
    },
    requestPolicy: 'cache-and-network',
  });
  const answer = useAdminListAnswer('users', result.data?.users, { result, refetch }, filter);
  const users = answer.list;

  const emptyMessage = search
    ? filter === 'blocked'
      ? page.noMatchBlocked(search)
      : page.noMatch(search)
    : filter === 'blocked'
      ? page.emptyBlocked
      : page.empty;

  return (
    <PageContainer
      title={page.title}
      eyebrow={adminMessages.eyebrow}
      description={page.description}
      actions={<EraseGuestBuyerButton />}
    >
      <AdminListLayout
        search={{ box, texts: page, width: 320 }}
        view={{
          label: page.filter,
          value: filter,
          options: [
            { value: 'all', label: page.filterAll },
            { value: 'blocked', label: page.filterBlocked },
          ],
          onChange: (value) => {
            setFilter(value);
            setPageNumber(1);
          },
        }}
        total={page.total}
        answer={answer}
        failed={page.failed}
        skeleton={{ label: page.loading, height: 40 }}
        empty={{
          icon: <IconUsers stroke={1.5} />,
          message: emptyMessage,
          clear: search ? { label: page.clearSearch, onClick: box.clear } : null,
        }}
        rows={
          users && {
            from: 'md',
            table: <UsersTable users={users.content} myId={myId} actions={actions} />,
            cards: <UserCards users={users.content} myId={myId} actions={actions} />,
          }
        }
        pagination={{ label: page.pagination, value: pageNumber, onChange: setPageNumber }}
      />
    </PageContainer>
  );
}
