import { Anchor, Badge, Box, Group, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatAmount, formatDate } from '../../../shared/format';
import type {
  PayoutItemFieldsFragment,
  PayoutTotalsFieldsFragment,
} from '../../../shared/graphql/generated/graphql';
import { newestFirst } from '../lib/payout-figures';
import type { PayoutAudience } from './payout-summary-card';
import { payoutsMessages } from '../../../shared/payouts/payouts.messages';
import classes from '../../../shared/payouts/payouts.module.css';

const messages = payoutsMessages.items;

/** Under a co-authored item's share: which part of the item's whole author share it is. */
function SplitNote({
  item,
}: {
  item: { itemAuthorShare?: number | null; shareWeight?: number | null; shareTotalWeight?: number | null };
}) {
  if (item.itemAuthorShare == null || item.shareWeight == null || item.shareTotalWeight == null) return null;
  return (
    <Text size="xs" c="dimmed" fw={400}>
      {messages.coAuthoredPart(item.shareWeight, item.shareTotalWeight, formatAmount(item.itemAuthorShare))}
    </Text>
  );
}
const columns = messages.columns;

type Item = PayoutItemFieldsFragment;
type Totals = PayoutTotalsFieldsFragment;

function payoutPath(id: string, audience: PayoutAudience) {
  return audience === 'admin' ? `/admin/payout/${id}` : `/me/payouts/${id}`;
}

function Money({ value, strong }: { value: number; strong?: boolean }) {
  return (
    <span
      className={`${classes.money}${value < 0 ? ` ${classes.negative}` : ''}`}
      style={strong ? { fontWeight: 800 } : undefined}
    >
      {formatAmount(value)}
    </span>
  );
}

function ItemTypeBadge({ item }: { item: Item }) {
  if (item.adjustment) {
    return (
      <Badge size="xs" radius="sm" variant="outline" color="red">
        {messages.adjustment}
      </Badge>
    );
  }
  return (
    <Badge
      size="xs"
      radius="sm"
      variant="outline"
      color={item.purchaseItemType === 'BUNDLE' ? 'magenta' : 'electric'}
    >
      {messages.type[item.purchaseItemType]}
    </Badge>
  );
}

/** The item's name with its kind, its order and (for a refund) the payout that had paid it. */
function ItemName({ item, audience }: { item: Item; audience: PayoutAudience }) {
  return (
    <Stack gap={2} miw={0}>
      <Text size="sm" fw={700} lh={1.3}>
        {item.name}
      </Text>
      <Group gap={6} wrap="wrap">
        <ItemTypeBadge item={item} />
        <Text size="xs" c="dimmed">
          {item.adjustment ? messages.refundOf(item.orderExternalId) : messages.order(item.orderExternalId)}
          {' · '}
          <time dateTime={item.occurredAt}>{formatDate(item.occurredAt)}</time>
          {item.adjustment && item.fromPayoutId ? (
            <>
              {' · '}
              <Anchor component={Link} to={payoutPath(item.fromPayoutId, audience)} inherit>
                {messages.fromPayout(item.fromPayoutId)}
              </Anchor>
            </>
          ) : null}
        </Text>
      </Group>
    </Stack>
  );
}

/** A base price, with the buyer's tip under it when there is one (gross = base price + tip). */
function PriceAndTip({ price, tip, strong }: { price: number; tip: number; strong?: boolean }) {
  return (
    <>
      <Money value={price} strong={strong} />
      {tip !== 0 ? (
        <Text size="xs" c="dimmed" className={classes.money}>
          {messages.tip(formatAmount(tip))}
        </Text>
      ) : null}
    </>
  );
}

function Fee({ item, value }: { item: Item; value: number | null }) {
  return item.adjustment || value === null ? (
    <Text c="dimmed">{messages.notApplicable}</Text>
  ) : (
    <Money value={value} />
  );
}

function ItemsTable({
  items,
  totals,
  payoutId,
  audience,
}: {
  items: readonly Item[];
  totals: Totals;
  payoutId: string;
  audience: PayoutAudience;
}) {
  return (
    <Table.ScrollContainer minWidth={880}>
      <Table
        verticalSpacing="sm"
        highlightOnHover
        className={classes.table}
        aria-label={messages.caption(payoutId)}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{columns.name}</Table.Th>
            <Table.Th scope="col" ta="right">
              {columns.price}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {columns.gross}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {columns.vat}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {columns.net}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {columns.paymentFee}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {columns.siteShare}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {columns.authorShare}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={item.id}>
              <Table.Td maw={340}>
                <ItemName item={item} audience={audience} />
              </Table.Td>
              <Table.Td ta="right">
                {item.adjustment ? (
                  <Fee item={item} value={item.price} />
                ) : (
                  <PriceAndTip price={item.price} tip={item.tip} />
                )}
              </Table.Td>
              <Table.Td ta="right">
                <Fee item={item} value={item.gross} />
              </Table.Td>
              <Table.Td ta="right">
                <Fee item={item} value={item.vat} />
              </Table.Td>
              <Table.Td ta="right">
                <Fee item={item} value={item.net} />
              </Table.Td>
              <Table.Td ta="right">
                <Fee item={item} value={item.externalFee} />
              </Table.Td>
              <Table.Td ta="right">
                <Fee item={item} value={item.internalFee} />
              </Table.Td>
              <Table.Td ta="right" fw={700}>
                <Money value={item.authorReward} />
                <SplitNote item={item} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          {totals.coAuthors !== 0 ? (
            <Table.Tr>
              <Table.Th scope="row" colSpan={7} fw={600}>
                {messages.coAuthors}
              </Table.Th>
              <Table.Td ta="right">
                <Money value={-totals.coAuthors} strong />
              </Table.Td>
            </Table.Tr>
          ) : null}
          {totals.adjustmentCount > 0 ? (
            <Table.Tr>
              <Table.Th scope="row" colSpan={7} fw={600}>
                {messages.refunds(totals.adjustmentCount)}
              </Table.Th>
              <Table.Td ta="right">
                <Money value={totals.adjustments} strong />
              </Table.Td>
            </Table.Tr>
          ) : null}
          <Table.Tr>
            <Table.Th scope="row">{messages.total}</Table.Th>
            <Table.Td ta="right">
              <PriceAndTip price={totals.price} tip={totals.tip} strong />
            </Table.Td>
            <Table.Td ta="right">
              <Money value={totals.gross} strong />
            </Table.Td>
            <Table.Td ta="right">
              <Money value={totals.vat} strong />
            </Table.Td>
            <Table.Td ta="right">
              <Money value={totals.net} strong />
            </Table.Td>
            <Table.Td ta="right">
              <Money value={totals.paymentFee} strong />
            </Table.Td>
            <Table.Td ta="right">
              <Money value={totals.siteFee} strong />
            </Table.Td>
            <Table.Td ta="right">
              <Money value={totals.authorShare} strong />
            </Table.Td>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}

function Line({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group justify="space-between" gap="sm" wrap="nowrap">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" ta="right">
        {children}
      </Text>
    </Group>
  );
}

/** On a phone every item is a small card with its four amounts. */
function ItemCards({
  items,
  totals,
  audience,
}: {
  items: readonly Item[];
  totals: Totals;
  audience: PayoutAudience;
}) {
  return (
    <ul className={classes.itemCards} aria-label={messages.title}>
      {items.map((item) => (
        <li key={item.id} className={classes.itemCard}>
          <ItemName item={item} audience={audience} />
          <Stack gap={2} mt="xs">
            {item.adjustment ? null : (
              <>
                <Line label={columns.price}>
                  <Money value={item.price} />
                </Line>
                {item.tip > 0 ? (
                  <Line label={columns.tip}>
                    <Money value={item.tip} />
                  </Line>
                ) : null}
                <Line label={columns.gross}>
                  <Money value={item.gross ?? 0} />
                </Line>
                <Line label={columns.vat}>
                  <Money value={item.vat ?? 0} />
                </Line>
                <Line label={columns.net}>
                  <Money value={item.net ?? 0} />
                </Line>
                <Line label={columns.paymentFee}>
                  <Money value={item.externalFee} />
                </Line>
                <Line label={columns.siteShare}>
                  <Money value={item.internalFee} />
                </Line>
              </>
            )}
            <Line label={columns.authorShare}>
              <Money value={item.authorReward} strong />
            </Line>
            <SplitNote item={item} />
          </Stack>
        </li>
      ))}
      <li className={classes.itemCard} aria-label={messages.total}>
        <Text size="sm" fw={800} tt="uppercase" lts="0.06em">
          {messages.total}
        </Text>
        <Stack gap={2} mt="xs">
          <Line label={columns.price}>
            <Money value={totals.price} />
          </Line>
          <Line label={columns.tip}>
            <Money value={totals.tip} />
          </Line>
          <Line label={columns.gross}>
            <Money value={totals.gross} />
          </Line>
          <Line label={columns.vat}>
            <Money value={totals.vat} />
          </Line>
          <Line label={columns.net}>
            <Money value={totals.net} />
          </Line>
          <Line label={columns.paymentFee}>
            <Money value={totals.paymentFee} />
          </Line>
          <Line label={columns.siteShare}>
            <Money value={totals.siteFee} />
          </Line>
          {totals.coAuthors !== 0 ? (
            <Line label={messages.coAuthors}>
              <Money value={-totals.coAuthors} />
            </Line>
          ) : null}
          {totals.adjustmentCount > 0 ? (
            <Line label={messages.refunds(totals.adjustmentCount)}>
              <Money value={totals.adjustments} />
            </Line>
          ) : null}
          <Line label={columns.authorShare}>
            <Money value={totals.authorShare} strong />
          </Line>
        </Stack>
      </li>
    </ul>
  );
}

/** The payout's lines with a totals row (spec 2.11): a table, or cards on a phone. */
export function PayoutItemsTable({
  items,
  totals,
  payoutId,
  audience,
}: {
  items: readonly Item[];
  /** The server's statement totals (the same as the CSV's and the printable statement's). */
  totals: Totals;
  payoutId: string;
  audience: PayoutAudience;
}) {
  if (items.length === 0) {
    return (
      <Text c="dimmed" p="lg" ta="center">
        {messages.empty}
      </Text>
    );
  }
  const sorted = newestFirst(items);
  return (
    <>
      <Box visibleFrom="sm">
        <ItemsTable items={sorted} totals={totals} payoutId={payoutId} audience={audience} />
      </Box>
      <Box hiddenFrom="sm">
        <ItemCards items={sorted} totals={totals} audience={audience} />
      </Box>
      <Text size="xs" c="dimmed" px="md" py="xs">
        {messages.vatNote}
      </Text>
    </>
  );
}
