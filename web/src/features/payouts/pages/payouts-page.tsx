import { ActionIcon, Anchor, Box, Button, Checkbox, Group, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconChevronRight, IconCoin, IconFileDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from 'urql';
import { formatAmount, formatDate, formatDateTime } from '../../../shared/format';
import type {
  AdminPayoutsQuery as AdminPayoutsResult,
  PayoutStatus,
} from '../../../shared/graphql/generated/graphql';
import { AdminListLayout, AdminListTotal } from '../../../shared/admin-list/admin-list-layout';
import { useAdminListAnswer } from '../../../shared/admin-list/use-admin-list';
import { PAYOUT_STATUSES, usePayoutListParams } from '../hooks/use-payout-list-params';
import { PayoutStatusBadge } from '../../../shared/payouts/payout-status-badge';
import { payoutsMessages } from '../../../shared/payouts/payouts.messages';
import { PageContainer } from '../../../shared/ui';
import { CountryFlag } from '../../../shared/ui/country-flag';
import { adminMessages } from '../admin-payouts.messages';
import { LockButton, SendButton } from '../components/payout-action-buttons';
import { usePayoutActions } from '../hooks/use-payout-actions';
import { AdminPayoutsQuery } from '../lib/admin-payouts.documents';

const page = adminMessages.payouts;
const columns = page.columns;

/** Spec 7.2: admin lists show 20 a page. */
const PAGE_SIZE = 20;
const ALL = 'ALL';

const statusOptions = [
  { value: ALL, label: page.allStatuses },
  ...PAYOUT_STATUSES.map((status) => ({ value: status, label: payoutsMessages.status[status] })),
];

type Payout = AdminPayoutsResult['allPayouts']['content'][number];
type Actions = ReturnType<typeof usePayoutActions>;

/** Only locked bank payouts in no file yet go into a SEPA file (one file per payout). */
const exportable = (payout: Payout) =>
  payout.payoutStatus === 'LOCKED' && payout.payoutMethod === 'BANK_TRANSFER' && !payout.exportBatchId;

interface Selection {
  ids: ReadonlySet<string>;
  toggle: (id: string) => void;
}

function AuthorName({ payout }: { payout: Payout }) {
  return (
    <Group gap={6} wrap="nowrap">
      {payout.author.country ? <CountryFlag code={payout.author.country} size="0.9rem" /> : null}
      <Anchor
        component={Link}
        to={`/authors/${payout.author.url}`}
        size="sm"
        fw={600}
        c="var(--mantine-color-text)"
      >
        {payout.author.username}
      </Anchor>
    </Group>
  );
}

function Dates({ payout }: { payout: Payout }) {
  return (
    <Stack gap={0}>
      <Text size="xs">{page.created(formatDate(payout.createdAt))}</Text>
      {payout.lockedOn ? (
        <Text size="xs" c="dimmed">
          {page.lockedOn(formatDate(payout.lockedOn))}
        </Text>
      ) : null}
      {payout.exportBatchId ? (
        <>
          {payout.exportedAt ? (
            <Text size="xs" c="dimmed">
              {page.exportedOn(formatDateTime(payout.exportedAt))}
            </Text>
          ) : null}
          <Text
            size="xs"
            c="dimmed"
            ff="monospace"
            title={page.inFile(payout.exportBatchId)}
            style={{ whiteSpace: 'normal', overflowWrap: 'anywhere' }}
          >
            {payout.exportBatchId}
          </Text>
        </>
      ) : null}
      {payout.sentOn ? (
        <Text size="xs" c="dimmed">
          {page.sentOn(formatDate(payout.sentOn))}
        </Text>
      ) : null}
    </Stack>
  );
}

function RowActions({ payout, actions }: { payout: Payout; actions: Actions }) {
  return (
    <Group gap={6} wrap="nowrap" justify="flex-end" aria-label={page.actionsLabel(payout.id)} role="group">
      <LockButton payout={payout} actions={actions} />
      <SendButton payout={payout} actions={actions} />
      <Tooltip label={page.openLabel(payout.id)} openDelay={300}>
        <ActionIcon
          component={Link}
          to={`/admin/payout/${payout.id}`}
          variant="default"
          size="md"
          aria-label={page.openLabel(payout.id)}
        >
          <IconChevronRight size={16} aria-hidden />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

function SelectBox({ payout, selection }: { payout: Payout; selection: Selection }) {
  if (!exportable(payout)) return null;
  return (
    <Checkbox
      aria-label={page.selectLabel(payout.id)}
      checked={selection.ids.has(payout.id)}
      onChange={() => selection.toggle(payout.id)}
    />
  );
}

function PayoutsTable({
  payouts,
  actions,
  selection,
  onSelectAll,
}: {
  payouts: Payout[];
  actions: Actions;
  selection: Selection;
  onSelectAll: (checked: boolean) => void;
}) {
  const eligible = payouts.filter(exportable);
  const allChecked = eligible.length > 0 && eligible.every((payout) => selection.ids.has(payout.id));
  const someChecked = eligible.some((payout) => selection.ids.has(payout.id));
  return (
    <Table.ScrollContainer minWidth={820}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={44}>
              <Checkbox
                aria-label={page.selectAll}
                checked={allChecked}
                indeterminate={someChecked && !allChecked}
                disabled={eligible.length === 0}
                onChange={(event) => onSelectAll(event.currentTarget.checked)}
              />
            </Table.Th>
            <Table.Th>{columns.id}</Table.Th>
            <Table.Th>{columns.author}</Table.Th>
            <Table.Th>{columns.status}</Table.Th>
            <Table.Th ta="right">{columns.amount}</Table.Th>
            <Table.Th>{columns.dates}</Table.Th>
            <Table.Th ta="right">{columns.items}</Table.Th>
            <Table.Th ta="right">{columns.actions}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {payouts.map((payout) => (
            <Table.Tr
              key={payout.id}
              bg={selection.ids.has(payout.id) ? 'var(--mantine-primary-color-light)' : undefined}
            >
              <Table.Td>
                <SelectBox payout={payout} selection={selection} />
              </Table.Td>
              <Table.Td>
                <Anchor component={Link} to={`/admin/payout/${payout.id}`} ff="monospace" fw={700} size="sm">
                  #{payout.id}
                </Anchor>
              </Table.Td>
              <Table.Td maw={200}>
                <AuthorName payout={payout} />
              </Table.Td>
              <Table.Td>
                <PayoutStatusBadge status={payout.payoutStatus} size="md" />
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                <Text fw={800} ff="heading" c={payout.amount < 0 ? 'red' : undefined}>
                  {formatAmount(payout.amount)}
                </Text>
                <Text size="xs" c="dimmed">
                  {payout.payoutMethod ? payoutsMessages.method[payout.payoutMethod] : page.noMethod}
                </Text>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }} maw={200}>
                <Dates payout={payout} />
              </Table.Td>
              <Table.Td ta="right">
                <Text size="sm">{payout.skinCount + payout.bundleCount}</Text>
              </Table.Td>
              <Table.Td>
                <RowActions payout={payout} actions={actions} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** On a phone each payout is a card: the table does not fit. */
function PayoutCards({
  payouts,
  actions,
  selection,
}: {
  payouts: Payout[];
  actions: Actions;
  selection: Selection;
}) {
  return (
    <Stack gap={0}>
      {payouts.map((payout, index) => (
        <Box
          key={payout.id}
          p="md"
          style={index > 0 ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined}
        >
          <Group justify="space-between" align="flex-start" gap="sm" wrap="nowrap">
            <Group gap="sm" align="flex-start" wrap="nowrap" miw={0}>
              <SelectBox payout={payout} selection={selection} />
              <Stack gap={4} miw={0}>
                <Group gap={8} wrap="nowrap">
                  <Anchor
                    component={Link}
                    to={`/admin/payout/${payout.id}`}
                    ff="monospace"
                    fw={700}
                    size="sm"
                  >
                    #{payout.id}
                  </Anchor>
                  <PayoutStatusBadge status={payout.payoutStatus} size="sm" />
                </Group>
                <AuthorName payout={payout} />
                <Text size="xs" c="dimmed">
                  {payout.payoutMethod ? payoutsMessages.method[payout.payoutMethod] : page.noMethod}
                  {' · '}
                  {page.itemCount(payout.skinCount + payout.bundleCount)}
                </Text>
              </Stack>
            </Group>
            <Stack gap={2} align="flex-end">
              <Text fw={800} ff="heading" size="lg" style={{ whiteSpace: 'nowrap' }}>
                {formatAmount(payout.amount)}
              </Text>
              <Dates payout={payout} />
            </Stack>
          </Group>
          <Box mt="sm">
            <RowActions payout={payout} actions={actions} />
          </Box>
        </Box>
      ))}
    </Stack>
  );
}

/** All payouts with a status filter, Lock, Send and the SEPA file (spec 2.13), 20 a page. */
export function PayoutsPage() {
  const { status, page: pageNumber, setStatus, setPage } = usePayoutListParams();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [result, refetch] = useQuery({
    query: AdminPayoutsQuery,
    variables: { page: { page: pageNumber - 1, size: PAGE_SIZE }, status },
    requestPolicy: 'cache-and-network',
  });
  const actions = usePayoutActions({ onExported: () => refetch({ requestPolicy: 'network-only' }) });

  const answer = useAdminListAnswer('allPayouts', result.data?.allPayouts, { result, refetch });
  const list = answer.list;

  // Only payouts on screen that can still go into a file stay selected.
  const eligibleIds = new Set((list?.content ?? []).filter(exportable).map((payout) => payout.id));
  const selectedIds = new Set([...selected].filter((id) => eligibleIds.has(id)));
  const selection: Selection = {
    ids: selectedIds,
    toggle: (id) =>
      setSelected((current) => {
        const next = new Set(current);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
  };
  const selectAll = (checked: boolean) => setSelected(checked ? eligibleIds : new Set());

  const changeStatus = (value: string | null) => {
    setStatus(!value || value === ALL ? null : (value as PayoutStatus));
    setSelected(new Set());
  };

  const downloadSepa = async () => {
    if (await actions.downloadSepa([...selectedIds])) setSelected(new Set());
  };

  return (
    <PageContainer title={page.title} eyebrow={adminMessages.eyebrow} description={page.description}>
      <AdminListLayout
        select={{
          label: page.status,
          data: statusOptions,
          value: status ?? ALL,
          onChange: changeStatus,
          width: 220,
        }}
        total={page.total}
        tools={
          <Group gap="md" align="center">
            <Button component={Link} to="/admin/payouts/register" variant="default">
              {page.register}
            </Button>
            {list ? <AdminListTotal>{page.total(list.pageInfo.totalElements)}</AdminListTotal> : null}
            <Button
              leftSection={<IconFileDownload size={18} aria-hidden />}
              disabled={selectedIds.size === 0}
              loading={actions.exporting}
              onClick={() => void downloadSepa()}
              title={selectedIds.size === 0 ? page.sepaHint : undefined}
            >
              {selectedIds.size > 0 ? page.sepaSelected(selectedIds.size) : page.sepa}
            </Button>
          </Group>
        }
        notice={
          eligibleIds.size > 0 && selectedIds.size === 0 ? (
            <Text size="xs" c="dimmed">
              {page.sepaHint}
            </Text>
          ) : null
        }
        answer={answer}
        failed={page.failed}
        skeleton={{ label: page.listLoading, height: 48 }}
        empty={{
          icon: <IconCoin stroke={1.5} />,
          message: status ? page.noMatch(payoutsMessages.status[status]) : page.empty,
          clear: status ? { label: page.clearFilter, onClick: () => changeStatus(null) } : null,
        }}
        rows={
          list && {
            from: 'sm',
            table: (
              <PayoutsTable
                payouts={list.content}
                actions={actions}
                selection={selection}
                onSelectAll={selectAll}
              />
            ),
            cards: <PayoutCards payouts={list.content} actions={actions} selection={selection} />,
          }
        }
        pagination={{
          label: page.pagination,
          value: pageNumber,
          onChange: (value) => {
            setPage(value);
            setSelected(new Set());
          },
        }}
      />
    </PageContainer>
  );
}
