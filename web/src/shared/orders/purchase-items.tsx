import { Anchor, Badge, Group, List, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatPrice } from '../format';
import type { PurchaseFieldsFragment } from '../graphql/generated/graphql';
import { ordersMessages } from './orders.messages';

type Item = PurchaseFieldsFragment['items'][number];

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

/** An order's lines: the kind, the name (a link while the item is visible) and the price paid. */
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
          </Group>
        </List.Item>
      ))}
    </List>
  );
}
