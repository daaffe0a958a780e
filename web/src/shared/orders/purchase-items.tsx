import { Anchor, Badge, Group, List, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatPrice } from '../format';
import type { PurchaseFieldsFragment } from '../graphql/generated/graphql';
import { ordersMessages } from './orders.messages';

type Reduction = { label: string; amount: number } | null;
/** A line, with the reductions the order recorded where the list asked for them (the buyer's own). */
type Item = PurchaseFieldsFragment['items'][number] & {
  saleReduction?: Reduction;
  codeReduction?: Reduction;
};

function ItemName({ item }: { item: Item }) {
  const to = item.skin
    ? `/skins/${encodeURIComponent(item.skin.url)}`
    : item.bundle
      ? `/bundles/${encodeURIComponent(item.bundle.url)}`
      : null;
  // A hidden or removed item keeps its name on the order, without a link.
  return to ? (
    <Anchor component={Link} to={to} fw={600} c="var(--mantine-color-text)" size="sm">
      {item.name}
    </Anchor>
  ) : (
    <Text component="span" fw={600} size="sm">
      {item.name}
    </Text>
  );
}

/** An order's lines: the kind, the name (a link while the item is visible), the price paid and the reductions the order recorded. */
export function PurchaseItems({ items }: { items: readonly Item[] }) {
  return (
    <List listStyleType="none" spacing={4} size="sm">
      {items.map((item) => (
        <List.Item key={item.id}>
          <Group gap={6} wrap="nowrap" align="baseline">
            <Badge
              size="xs"
              radius="sm"
              variant="outline"
              color={item.bundle ? 'magenta' : 'electric'}
              style={{ flexShrink: 0 }}
            >
              {item.bundle ? ordersMessages.bundle : ordersMessages.skin}
            </Badge>
            <ItemName item={item} />
            <Text component="span" size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {formatPrice(item.price)}
              {item.tip > 0 ? ` ${ordersMessages.tip(formatPrice(item.tip))}` : ''}
            </Text>
            {(['SALE', 'CODE'] as const).map((source) => {
              const reduction = source === 'SALE' ? item.saleReduction : item.codeReduction;
              return reduction ? (
                <Text
                  key={source}
                  component="span"
                  size="xs"
                  c="teal.4"
                  style={{ whiteSpace: 'nowrap' }}
                  data-testid="purchase-reduction"
                >
                  {ordersMessages.reduction(source, reduction.label, formatPrice(reduction.amount))}
                </Text>
              ) : null;
            })}
          </Group>
        </List.Item>
      ))}
    </List>
  );
}
