import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { Link } from 'react-router';

/** "My Payouts › Payout 12": the way back to the list. */
export function PayoutBreadcrumbs({
  label,
  list,
  current,
}: {
  /** The navigation landmark's name. */
  label: string;
  list: { to: string; label: string };
  current: string;
}) {
  return (
    <nav aria-label={label}>
      <Breadcrumbs separator="›" separatorMargin={8} mb="md">
        <Anchor component={Link} to={list.to} size="sm" fw={600}>
          {list.label}
        </Anchor>
        <Text size="sm" c="dimmed" aria-current="page">
          {current}
        </Text>
      </Breadcrumbs>
    </nav>
  );
}
