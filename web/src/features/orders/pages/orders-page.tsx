import { Box, Button, Card, Group, Stack, Table, Text, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconArrowBackUp, IconReceipt } from '@tabler/icons-react';
import { useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { formatAmount, formatDate, formatPrice } from '../../../shared/format';
import type {
  AdminOrdersQuery as AdminOrdersResult,
  PaymentStatus,
} from '../../../shared/graphql/generated/graphql';
import { graphqlFailureOf } from '../../../shared/graphql/graphql-errors';
import { AdminListLayout } from '../../../shared/admin-list/admin-list-layout';
import { useAdminListAnswer, useAdminListSearch } from '../../../shared/admin-list/use-admin-list';
import {
  ordersMessages,
  PAYMENT_STATUSES,
  paymentStatusLabels,
  PaymentStatusBadge,
  PurchaseItems,
  PurchaseVat,
} from '../../../shared/orders';
import { PageContainer } from '../../../shared/ui';
import { CountryFlag } from '../../../shared/ui/country-flag';
import { adminMessages } from '../admin-orders.messages';
import { OrderMailsButton } from '../components/order-mails';
import { TaxDocumentLinks } from '../components/tax-document-links';
import { AdminOrdersQuery, RefundOrderMutation } from '../lib/admin-orders.documents';

const page = adminMessages.orders;

/** Spec 7.2: admin lists show 20 a page. */
const PAGE_SIZE = 20;
const ALL = 'all';
/** A refund changes the order in every cached list. */
const CHANGES_ORDERS = { additionalTypenames: ['Purchase', 'PurchasePage'] };

const statusOptions = [
  { value: ALL, label: page.allStatuses },
  ...PAYMENT_STATUSES.map((status) => ({ value: status, label: paymentStatusLabels[status] })),
];

type Order = AdminOrdersResult['purchaseList']['content'][number];

function RefundButton({
  order,
  pending,
  onRefund,
}: {
  order: Order;
  pending: boolean;
  onRefund: (order: Order) => void;
}) {
  const button = (
    <Button
      size="xs"
      variant="light"
      color="magenta"
      leftSection={<IconArrowBackUp size={14} aria-hidden />}
      disabled={!order.refundable}
      loading={pending}
      onClick={() => onRefund(order)}
      aria-label={page.refundLabel(order.externalId)}
    >
      {page.refund}
    </Button>
  );
  if (order.refundable || order.paymentStatus === 'REFUNDED') return button;
  // A disabled button gets no pointer events; the wrapper carries the explanation.
  return (
    <Tooltip
      label={order.paymentStatus === 'PAYMENT_RECEIVED' ? page.notRefundable : page.notRefundableStatus}
      multiline
      w={260}
      openDelay={200}
    >
      <span style={{ display: 'inline-block' }} tabIndex={0}>
        {button}
      </span>
    </Tooltip>
  );
}

function OrdersTable({
  orders,
  pendingRefunds,
  onRefund,
}: {
  orders: Order[];
  pendingRefunds: ReadonlySet<string>;
  onRefund: (order: Order) => void;
}) {
  const columns = page.columns;
  return (
    <Table.ScrollContainer minWidth={820}>
      <Table verticalSpacing="md" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{columns.number}</Table.Th>
            <Table.Th>{columns.buyer}</Table.Th>
            <Table.Th>{columns.items}</Table.Th>
            <Table.Th ta="right">{columns.total}</Table.Th>
            <Table.Th>{columns.status}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {orders.map((order) => (
            <Table.Tr key={order.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Text ff="monospace" fw={700} size="sm">
                  {order.externalId}
                </Text>
                <Text size="xs" c="dimmed">
                  <time dateTime={order.createdAt}>{formatDate(order.createdAt)}</time>
                </Text>
              </Table.Td>
              <Table.Td maw={240}>
                <Group gap={6} wrap="nowrap">
                  {order.buyerCountry ? <CountryFlag code={order.buyerCountry} size="0.9rem" /> : null}
                  <Text size="sm" fw={600} truncate>
                    {order.buyerName || page.anonymous}
                  </Text>
                </Group>
                {order.buyerEmail ? (
                  <Text size="xs" c="dimmed" truncate>
                    {order.buyerEmail}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>
                <PurchaseItems items={order.items} />
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                <Text fw={800} ff="heading">
                  {formatPrice(order.totalPrice)}
                </Text>
                <Text size="xs" c="dimmed">
                  {page.paidWith(ordersMessages.paymentType[order.paymentType])}
                </Text>
                <OrderFees order={order} />
                <PurchaseVat vat={order.vat} evidence />
              </Table.Td>
              <Table.Td>
                <Stack gap={6} align="flex-start">
                  <PaymentStatusBadge status={order.paymentStatus} />
                  {order.refundedAt ? (
                    <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                      {page.refundedOn(formatDate(order.refundedAt))}
                    </Text>
                  ) : (
                    <RefundButton order={order} pending={pendingRefunds.has(order.id)} onRefund={onRefund} />
                  )}
                  <OrderMailsButton externalId={order.externalId} mails={order.mails} />
                  <TaxDocumentLinks externalId={order.externalId} status={order.paymentStatus} />
                </Stack>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The order's fees: the site's and the payment provider's (what the author's shares leave out). */
function OrderFees({ order }: { order: Order }) {
  if (order.siteFee === null || order.siteFee === undefined) return null;
  return (
    <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
      {page.fees(formatAmount(order.siteFee), formatAmount(order.paymentFee ?? 0))}
    </Text>
  );
}

/** On a phone each order is a card: the table does not fit. */
function OrderCards({
  orders,
  pendingRefunds,
  onRefund,
}: {
  orders: Order[];
  pendingRefunds: ReadonlySet<string>;
  onRefund: (order: Order) => void;
}) {
  return (
    <Stack gap={0}>
      {orders.map((order, index) => (
        <Card
          key={order.id}
          padding="md"
          radius={0}
          bg="transparent"
          style={index > 0 ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined}
        >
          <Group justify="space-between" align="flex-start" gap="sm" wrap="nowrap">
            <Stack gap={2} miw={0}>
              <Text ff="monospace" fw={700} size="sm">
                {order.externalId}
              </Text>
              <Text size="xs" c="dimmed">
                <time dateTime={order.createdAt}>{formatDate(order.createdAt)}</time>
                {' · '}
                {ordersMessages.paymentType[order.paymentType]}
              </Text>
              <Group gap={6} wrap="nowrap" mt={4}>
                {order.buyerCountry ? <CountryFlag code={order.buyerCountry} size="0.9rem" /> : null}
                <Text size="sm" fw={600} truncate>
                  {order.buyerName || page.anonymous}
                </Text>
              </Group>
              {order.buyerEmail ? (
                <Text size="xs" c="dimmed" truncate>
                  {order.buyerEmail}
                </Text>
              ) : null}
            </Stack>
            <Stack gap={4} align="flex-end">
              <PaymentStatusBadge status={order.paymentStatus} />
              <Text fw={800} ff="heading" size="lg">
                {formatPrice(order.totalPrice)}
              </Text>
              <OrderFees order={order} />
              <PurchaseVat vat={order.vat} evidence />
            </Stack>
          </Group>
          <Box mt="sm">
            <PurchaseItems items={order.items} />
          </Box>
          <Group justify="flex-end" mt="sm">
            <TaxDocumentLinks externalId={order.externalId} status={order.paymentStatus} />
            <OrderMailsButton externalId={order.externalId} mails={order.mails} />
            {order.refundedAt ? (
              <Text size="xs" c="dimmed">
                {page.refundedOn(formatDate(order.refundedAt))}
              </Text>
            ) : (
              <RefundButton order={order} pending={pendingRefunds.has(order.id)} onRefund={onRefund} />
            )}
          </Group>
        </Card>
      ))}
    </Stack>
  );
}

/** A confirmed refund: a loading toast that turns into the result (decisions.md: refunds). */
function useRefund() {
  const [, refundOrder] = useMutation(RefundOrderMutation);
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set());

  const run = async (order: Order) => {
    const toastId = `refund-${order.id}-${Date.now()}`;
    setPending((current) => new Set(current).add(order.id));
    notifications.show({
      id: toastId,
      loading: true,
      message: page.refunding(order.externalId),
      autoClose: false,
      withCloseButton: false,
    });
    const result = await refundOrder({ id: order.id }, CHANGES_ORDERS);
    setPending((current) => {
      const next = new Set(current);
      next.delete(order.id);
      return next;
    });
    if (result.data?.refundOrder.success) {
      notifications.update({
        id: toastId,
        loading: false,
        color: 'teal',
        message: page.refunded(order.externalId),
        autoClose: 5000,
        withCloseButton: true,
      });
      return;
    }
    if (result.error) console.error('refundOrder failed', result.error);
    const failure = result.error ? graphqlFailureOf(result.error) : null;
    // The server's reason (too late, downloaded, already refunded) when it gives one.
    const reason =
      failure && ['BAD_USER_INPUT', 'CONFLICT', 'FORBIDDEN', 'NOT_FOUND'].includes(failure.code ?? '')
        ? failure.message
        : null;
    notifications.update({
      id: toastId,
      loading: false,
      color: 'red',
      title: reason ? page.refundFailed : undefined,
      message: reason ?? page.refundFailed,
      autoClose: 5000,
      withCloseButton: true,
    });
  };

  const confirm = (order: Order) =>
    modals.openConfirmModal({
      title: page.confirmTitle(order.externalId),
      centered: true,
      children: (
        <Text size="sm">
          {page.confirmText(
            formatPrice(order.totalPrice),
            order.buyerName || order.buyerEmail || page.anonymous,
          )}
        </Text>
      ),
      labels: { confirm: page.confirm, cancel: page.cancel },
      confirmProps: { color: 'red' },
      onConfirm: () => void run(order),
    });

  return { pending, confirm };
}

/** Every order with search and a status filter (spec 2.13), 20 a page, with refunds. */
export function OrdersPage() {
  const { pageNumber, setPageNumber, search, box } = useAdminListSearch();
  const [status, setStatus] = useState<string>(ALL);
  const refund = useRefund();
  const [result, refetch] = useQuery({
    query: AdminOrdersQuery,
    variables: {
      search: search || null,
      status: status === ALL ? null : (status as PaymentStatus),
      page: { page: pageNumber - 1, size: PAGE_SIZE },
    },
    requestPolicy: 'cache-and-network',
  });

  const answer = useAdminListAnswer('purchaseList', result.data?.purchaseList, { result, refetch });
  const orders = answer.list;

  const filtered = search !== '' || status !== ALL;
  const clearFilters = () => {
    box.clear();
    setStatus(ALL);
    setPageNumber(1);
  };

  return (
    <PageContainer title={page.title} eyebrow={adminMessages.eyebrow} description={page.description}>
      <AdminListLayout
        search={{ box, texts: page, width: 320 }}
        select={{
          label: page.status,
          data: statusOptions,
          value: status,
          onChange: (value) => {
            setStatus(value ?? ALL);
            setPageNumber(1);
          },
          width: 220,
        }}
        total={page.total}
        answer={answer}
        failed={page.failed}
        skeleton={{ label: page.loading, height: 48 }}
        empty={{
          icon: <IconReceipt stroke={1.5} />,
          message: filtered ? page.noMatch : page.empty,
          clear: filtered ? { label: page.clearFilters, onClick: clearFilters } : null,
        }}
        rows={
          orders && {
            from: 'sm',
            table: (
              <OrdersTable
                orders={orders.content}
                pendingRefunds={refund.pending}
                onRefund={refund.confirm}
              />
            ),
            cards: (
              <OrderCards orders={orders.content} pendingRefunds={refund.pending} onRefund={refund.confirm} />
            ),
          }
        }
        pagination={{ label: page.pagination, value: pageNumber, onChange: setPageNumber }}
      />
    </PageContainer>
  );
}
