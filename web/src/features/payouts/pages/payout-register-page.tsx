import {
  Anchor,
  Box,
  Button,
  Card,
  Group,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileSpreadsheet, IconListDetails } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from 'urql';
import { formatAmount, formatDate, formatDateTime } from '../../../shared/format';
import type {
  PayoutRegisterQuery as PayoutRegisterResult,
  PayoutStatus,
} from '../../../shared/graphql/generated/graphql';
import { downloadWithToken } from '../../../shared/http';
import { ListLoadError, ListPagination } from '../../../shared/listing';
import { PayoutStatusBadge } from '../../../shared/payouts/payout-status-badge';
import { payoutsMessages } from '../../../shared/payouts/payouts.messages';
import { getSessionToken } from '../../../shared/session';
import { EmptyState, PageContainer } from '../../../shared/ui';
import { adminMessages } from '../admin-payouts.messages';
import { PayoutRegisterQuery } from '../lib/admin-payouts.documents';

const page = adminMessages.payoutRegister;
const columns = page.columns;
const PAGE_SIZE = 20;
const ALL = 'ALL';
/** The register holds payouts past PENDING. */
const STATUSES: PayoutStatus[] = ['LOCKED', 'SENT', 'ERROR'];
const DAY = /^\d{4}-\d{2}-\d{2}$/;

type Payout = PayoutRegisterResult['payoutRegister']['content'][number];
type Totals = PayoutRegisterResult['payoutRegister']['totals'];

/** The first and last day of the current month (UTC), the register's default range. */
function thisMonth(now = new Date()) {
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0));
  return { from: first.toISOString().slice(0, 10), to: last.toISOString().slice(0, 10) };
}

/** The filter in the address: from, to (YYYY-MM-DD), status and page, so a register view can be shared. */
function useRegisterParams() {
  const [params, setParams] = useSearchParams();
  const month = thisMonth();
  const from = params.get('from') ?? month.from;
  const to = params.get('to') ?? month.to;
  const rawStatus = params.get('status');
  const status = STATUSES.includes(rawStatus as PayoutStatus) ? (rawStatus as PayoutStatus) : null;
  const pageNumber = Math.max(1, Number(params.get('page')) || 1);
  const set = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === '') next.delete(key);
          else next.set(key, value);
        }
        if (!('page' in changes)) next.delete('page');
        return next;
      },
      { replace: true },
    );
  return { from, to, status, pageNumber, set };
}

function TotalsCards({ totals }: { totals: Totals }) {
  const cards = [
    { label: page.totals.count, value: String(totals.count) },
    { label: page.totals.amount, value: formatAmount(totals.amount) },
    { label: page.totals.sent, value: formatAmount(totals.sent) },
    { label: page.totals.locked, value: formatAmount(totals.locked) },
    { label: page.totals.failed, value: formatAmount(totals.failed) },
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="sm" role="group" aria-label={page.totals.amount}>
      {cards.map((card) => (
        <Card key={card.label} withBorder padding="sm">
          <Text size="xs" c="dimmed">
            {card.label}
          </Text>
          <Text fw={800} ff="heading" size="lg" style={{ whiteSpace: 'nowrap' }}>
            {card.value}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}

function FileCell({ payout }: { payout: Payout }) {
  if (!payout.exportBatchId) return <Text c="dimmed">{page.none}</Text>;
  return (
    <Stack gap={0}>
      <Text size="xs" ff="monospace" style={{ wordBreak: 'break-all' }}>
        {payout.exportBatchId}
      </Text>
      {payout.exportedAt ? (
        <Text size="xs" c="dimmed">
          {page.exportedAt(formatDateTime(payout.exportedAt))}
        </Text>
      ) : null}
    </Stack>
  );
}

function dateOrNone(value: string | null | undefined) {
  return value ? formatDate(value) : page.none;
}

function RegisterTable({ payouts }: { payouts: Payout[] }) {
  return (
    <Table.ScrollContainer minWidth={820}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{columns.id}</Table.Th>
            <Table.Th>{columns.author}</Table.Th>
            <Table.Th>{columns.status}</Table.Th>
            <Table.Th ta="right">{columns.amount}</Table.Th>
            <Table.Th>{columns.locked}</Table.Th>
            <Table.Th>{columns.file}</Table.Th>
            <Table.Th>{columns.sent}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {payouts.map((payout) => (
            <Table.Tr key={payout.id}>
              <Table.Td>
                <Anchor component={Link} to={`/admin/payout/${payout.id}`} ff="monospace" fw={700} size="sm">
                  #{payout.id}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{payout.author.username}</Text>
                <Text size="xs" c="dimmed">
                  {payout.payoutMethod ? payoutsMessages.method[payout.payoutMethod] : page.none}
                </Text>
              </Table.Td>
              <Table.Td>
                <PayoutStatusBadge status={payout.payoutStatus} size="md" />
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                <Text fw={700}>{formatAmount(payout.amount)}</Text>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Text size="sm">{dateOrNone(payout.lockedOn)}</Text>
              </Table.Td>
              <Table.Td maw={240}>
                <FileCell payout={payout} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Text size="sm">{dateOrNone(payout.sentOn)}</Text>
                {payout.externalId && payout.payoutMethod === 'PAYPAL' ? (
                  <Text size="xs" c="dimmed" ff="monospace">
                    {payout.externalId}
                  </Text>
                ) : null}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** On a phone each payout is a short card. */
function RegisterCards({ payouts }: { payouts: Payout[] }) {
  return (
    <Stack gap={0}>
      {payouts.map((payout, index) => (
        <Box
          key={payout.id}
          p="md"
          style={index > 0 ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined}
        >
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
            <Stack gap={4} miw={0}>
              <Group gap={8} wrap="nowrap">
                <Anchor component={Link} to={`/admin/payout/${payout.id}`} ff="monospace" fw={700} size="sm">
                  #{payout.id}
                </Anchor>
                <PayoutStatusBadge status={payout.payoutStatus} size="sm" />
              </Group>
              <Text size="sm">{payout.author.username}</Text>
            </Stack>
            <Text fw={800} ff="heading" style={{ whiteSpace: 'nowrap' }}>
              {formatAmount(payout.amount)}
            </Text>
          </Group>
          <Text size="xs" c="dimmed" mt={6}>
            {columns.locked} {dateOrNone(payout.lockedOn)} · {columns.sent} {dateOrNone(payout.sentOn)}
          </Text>
          {payout.exportBatchId ? (
            <Box mt={4}>
              <FileCell payout={payout} />
            </Box>
          ) : null}
        </Box>
      ))}
    </Stack>
  );
}

/** The payouts register (/admin/payouts/register): what was sent when, in which file, with totals. */
export function PayoutRegisterPage() {
  const { from, to, status, pageNumber, set } = useRegisterParams();
  const validRange = DAY.test(from) && DAY.test(to) && from <= to;
  const [result, refetch] = useQuery({
    query: PayoutRegisterQuery,
    variables: { page: { page: pageNumber - 1, size: PAGE_SIZE }, from, to, status },
    requestPolicy: 'cache-and-network',
    pause: !validRange,
  });
  const lastData = useRef(result.data);
  if (result.data) lastData.current = result.data;
  const register = (result.data ?? lastData.current)?.payoutRegister;

  useEffect(() => {
    if (result.error) console.error('payoutRegister failed', result.error);
  }, [result.error]);

  const downloadCsv = async () => {
    const toastId = `register-${Date.now()}`;
    notifications.show({ id: toastId, loading: true, message: page.csvDownloading, autoClose: false });
    const query = new URLSearchParams({ from, to, ...(status ? { status } : {}) });
    const answer = await downloadWithToken(
      `/api/admin/payouts/register.csv?${query.toString()}`,
      getSessionToken(),
      'payouts-register.csv',
    );
    notifications.update({
      id: toastId,
      loading: false,
      color: answer.ok ? 'teal' : 'red',
      message: answer.ok ? page.csvDone(answer.filename) : (answer.message ?? page.csvFailed),
      autoClose: 5000,
      withCloseButton: true,
    });
  };

  return (
    <PageContainer title={page.title} eyebrow={adminMessages.eyebrow} description={page.description}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" gap="md">
          <Group gap="sm" align="flex-end" wrap="wrap">
            <TextInput
              type="date"
              label={page.from}
              value={from}
              max={to}
              onChange={(event) => set({ from: event.currentTarget.value })}
              error={validRange ? undefined : page.badRange}
              w={170}
            />
            <TextInput
              type="date"
              label={page.to}
              value={to}
              min={from}
              onChange={(event) => set({ to: event.currentTarget.value })}
              w={170}
            />
            <Select
              label={page.status}
              data={[
                { value: ALL, label: page.allStatuses },
                ...STATUSES.map((value) => ({ value, label: payoutsMessages.status[value] })),
              ]}
              value={status ?? ALL}
              onChange={(value) => set({ status: !value || value === ALL ? null : value })}
              allowDeselect={false}
              w={{ base: '100%', xs: 220 }}
              comboboxProps={{ withinPortal: true }}
            />
          </Group>
          <Group gap="sm">
            <Button
              component={Link}
              to="/admin/payouts"
              variant="default"
              leftSection={<IconListDetails size={18} aria-hidden />}
            >
              {page.back}
            </Button>
            <Button
              leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
              onClick={() => void downloadCsv()}
              disabled={!validRange}
            >
              {page.csv}
            </Button>
          </Group>
        </Group>

        {register ? <TotalsCards totals={register.totals} /> : null}

        {result.error && !register ? (
          <ListLoadError message={page.failed} onRetry={() => refetch({ requestPolicy: 'network-only' })} />
        ) : null}

        <Card withBorder padding={0} aria-busy={result.fetching}>
          {!register ? (
            result.error ? null : (
              <Stack gap="xs" p="md" role="status" aria-label={page.loading}>
                {Array.from({ length: 5 }, (_, index) => (
                  <Skeleton key={index} h={44} />
                ))}
              </Stack>
            )
          ) : register.content.length === 0 ? (
            <EmptyState icon={<IconListDetails stroke={1.5} />} message={page.empty} />
          ) : (
            <>
              <Box visibleFrom="sm">
                <RegisterTable payouts={register.content} />
              </Box>
              <Box hiddenFrom="sm">
                <RegisterCards payouts={register.content} />
              </Box>
            </>
          )}
        </Card>

        {register ? (
          <ListPagination
            label={page.pagination}
            total={register.pageInfo.totalPages}
            value={pageNumber}
            onChange={(value) => set({ page: String(value) })}
          />
        ) : null}
      </Stack>
    </PageContainer>
  );
}
