import { Box, Button, Card, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconReceipt } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from 'urql';
import { formatDate, formatPrice } from '../../../shared/format';
import type { MyPurchaseListQuery as MyPurchaseListResult } from '../../../shared/graphql/generated/graphql';
import { ListLoadError, ListPagination } from '../../../shared/listing';
import { ordersMessages, PaymentStatusBadge, PurchaseItems, PurchaseVat } from '../../../shared/orders';
import { PurchaseConsent } from '../../../shared/withdrawal';
import { EmptyState, PageContainer } from '../../../shared/ui';
import { accountMessages } from '../account-purchases.messages';
import { PurchaseGift } from '../components/purchase-gift';
import { TaxDocumentLinks } from '../components/tax-document-links';
import classes from './purchase-history-page.module.css';
import { MyPurchaseListQuery } from '../lib/purchase-list.documents';

const history = accountMessages.purchaseHistory;

/** Spec 7.2: the account lists show 10 a page. */
const PAGE_SIZE = 10;

type Order = MyPurchaseListResult['myPurchaseList']['content'][number];

function OrdersTable({ orders, onChanged }: { orders: Order[]; onChanged: () => void }) {
  const columns = history.columns;
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table verticalSpacing="md" highlightOnHover className={classes.table}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{columns.number}</Table.Th>
            <Table.Th>{columns.status}</Table.Th>
            <Table.Th>{columns.created}</Table.Th>
            <Table.Th>{columns.items}</Table.Th>
            <Table.Th ta="right">{columns.total}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {orders.map((order) => (
            <Table.Tr key={order.id}>
              <Table.Td className={classes.nowrap}>
                <Text ff="monospace" fw={700} size="sm">
                  {order.externalId}
                </Text>
                <Text size="xs" c="dimmed">
                  {history.paidWith(ordersMessages.paymentType[order.paymentType])}
                </Text>
              </Table.Td>
              <Table.Td>
                <Stack gap={4} align="flex-start">
                  <PaymentStatusBadge status={order.paymentStatus} />
                  {order.paymentReceivedAt ? (
                    <Text size="xs" c="dimmed" className={classes.nowrap}>
                      {history.paidOn(formatDate(order.paymentReceivedAt))}
                    </Text>
                  ) : null}
                  <TaxDocumentLinks externalId={order.externalId} status={order.paymentStatus} />
                  <PurchaseConsent withdrawal={order.withdrawal} />
                </Stack>
              </Table.Td>
              <Table.Td className={classes.nowrap}>
                <time dateTime={order.createdAt}>{formatDate(order.createdAt)}</time>
              </Table.Td>
              <Table.Td>
                <PurchaseItems items={order.items} />
                {order.gift ? (
                  <PurchaseGift orderId={order.id} gift={order.gift} onResent={onChanged} />
                ) : null}
              </Table.Td>
              <Table.Td ta="right" className={classes.nowrap}>
                <Text fw={800} ff="heading" size="lg">
                  {formatPrice(order.totalPrice)}
                </Text>
                <PurchaseVat vat={order.vat} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** On a phone each order is a card: the table's five columns do not fit. */
function OrderCards({ orders, onChanged }: { orders: Order[]; onChanged: () => void }) {
  const columns = history.columns;
  return (
    <Stack gap="sm">
      {orders.map((order) => (
        <Card key={order.id} withBorder padding="md">
          <Group justify="space-between" align="flex-start" gap="sm" wrap="nowrap">
            <Stack gap={2}>
              <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
                {columns.number}
              </Text>
              <Text ff="monospace" fw={700} size="sm">
                {order.externalId}
              </Text>
              <Text size="xs" c="dimmed">
                <time dateTime={order.createdAt}>{formatDate(order.createdAt)}</time>
                {' · '}
                {history.paidWith(ordersMessages.paymentType[order.paymentType])}
              </Text>
            </Stack>
            <Stack gap={4} align="flex-end">
              <PaymentStatusBadge status={order.paymentStatus} />
              <Text fw={800} ff="heading" size="lg">
                {formatPrice(order.totalPrice)}
              </Text>
              <TaxDocumentLinks externalId={order.externalId} status={order.paymentStatus} />
              <PurchaseConsent withdrawal={order.withdrawal} />
              <PurchaseVat vat={order.vat} />
            </Stack>
          </Group>
          <Box mt="sm" pt="sm" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
            <PurchaseItems items={order.items} />
            {order.gift ? <PurchaseGift orderId={order.id} gift={order.gift} onResent={onChanged} /> : null}
          </Box>
        </Card>
      ))}
    </Stack>
  );
}

/** The user's orders (spec 2.11): number, status, created date, items, total; 10 a page. */
export function PurchaseHistoryPage() {
  const [page, setPage] = useState(1);
  const [result, refetch] = useQuery({
    query: MyPurchaseListQuery,
    variables: { page: { page: page - 1, size: PAGE_SIZE } },
    requestPolicy: 'cache-and-network',
  });
  useEffect(() => {
    if (result.error) console.error('myPurchaseList failed', result.error);
  }, [result.error]);
  const last = useRef(result.data);
  if (result.data) last.current = result.data;
  const orders = (result.data ?? last.current)?.myPurchaseList;
  const reload = () => refetch({ requestPolicy: 'network-only' });

  let content;
  if (orders && orders.content.length > 0) {
    content = (
      <>
        <Card withBorder padding={0} aria-busy={result.fetching} visibleFrom="sm">
          <OrdersTable orders={orders.content} onChanged={reload} />
        </Card>
        <Box hiddenFrom="sm" aria-busy={result.fetching}>
          <OrderCards orders={orders.content} onChanged={reload} />
        </Box>
      </>
    );
  } else if (orders) {
    content = (
      <Card withBorder>
        <EmptyState
          icon={<IconReceipt stroke={1.5} />}
          message={history.empty}
          actions={
            <Button component={Link} to="/skins">
              {history.explore}
            </Button>
          }
        />
      </Card>
    );
  } else if (result.error) {
    content = (
      <ListLoadError
        message={history.loadFailed}
        onRetry={() => refetch({ requestPolicy: 'network-only' })}
      />
    );
  } else {
    content = (
      <Card withBorder>
        <Stack gap="xs" role="status" aria-label={history.loading}>
          {Array.from({ length: 4 }, (_, index) => (
            <Skeleton key={index} h={56} />
          ))}
        </Stack>
      </Card>
    );
  }

  return (
    <PageContainer title={history.title} description={history.description}>
      {orders && orders.pageInfo.totalElements > 0 ? (
        <Text size="sm" c="dimmed" mb="sm" role="status">
          {history.total(orders.pageInfo.totalElements)}
        </Text>
      ) : null}
      {content}
      {orders ? (
        <ListPagination
          label={history.pagination}
          total={orders.pageInfo.totalPages}
          value={page}
          onChange={setPage}
        />
      ) : null}
    </PageContainer>
  );
}
