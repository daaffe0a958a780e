import { Card, Group, Text, ThemeIcon, Timeline, Title } from '@mantine/core';
import {
  IconAlertTriangle,
  IconCirclePlus,
  IconCircleMinus,
  IconFileExport,
  IconFileMinus,
  IconLock,
  IconLockOpen,
  IconReceiptRefund,
  IconSend,
  IconSparkles,
} from '@tabler/icons-react';
import type { TablerIcon } from '@tabler/icons-react';
import { useId } from 'react';
import { formatAmount, formatDateTime } from '../../../shared/format';
import type { AdminPayoutQuery } from '../../../shared/graphql/generated/graphql';
import { adminMessages } from '../admin-payouts.messages';

const history = adminMessages.payouts.history;

type Entry = NonNullable<NonNullable<AdminPayoutQuery['payout']>['history']>[number];

const looks: Record<string, { icon: TablerIcon; color: string }> = {
  PayoutOpened: { icon: IconSparkles, color: 'gray' },
  PayoutItemAdded: { icon: IconCirclePlus, color: 'electric' },
  PayoutItemRemoved: { icon: IconCircleMinus, color: 'orange' },
  PayoutAdjustmentAdded: { icon: IconReceiptRefund, color: 'orange' },
  PayoutLocked: { icon: IconLock, color: 'lime' },
  PayoutExported: { icon: IconFileExport, color: 'electric' },
  PayoutExportWithdrawn: { icon: IconFileMinus, color: 'orange' },
  PayoutSent: { icon: IconSend, color: 'green' },
  PayoutFailed: { icon: IconAlertTriangle, color: 'red' },
  PayoutRelocked: { icon: IconLockOpen, color: 'lime' },
};

/** Who did it: the admin or author by name, or the job in words. */
export function actorOf(entry: Pick<Entry, 'actor' | 'system'>): string {
  if (entry.actor) return entry.actor.username;
  if (entry.system) return history.systems[entry.system] ?? entry.system;
  return history.system;
}

/** The payout's audit trail, oldest first, as its events recorded it (spec 2.13). */
export function PayoutHistoryTimeline({ entries }: { entries: readonly Entry[] }) {
  const titleId = useId();
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={titleId}>
      <Title order={2} fz="h3" mb="md" id={titleId}>
        {history.title}
      </Title>
      {entries.length === 0 ? (
        <Text c="dimmed" size="sm">
          {history.empty}
        </Text>
      ) : (
        <Timeline active={entries.length - 1} bulletSize={28} lineWidth={2} aria-label={history.label}>
          {entries.map((entry, index) => {
            const look = looks[entry.type] ?? { icon: IconSparkles, color: 'gray' };
            return (
              <Timeline.Item
                key={`${entry.type}-${entry.at}-${index}`}
                color={look.color}
                bullet={
                  <ThemeIcon size={28} radius="xl" color={look.color} variant="light">
                    <look.icon size={16} aria-hidden />
                  </ThemeIcon>
                }
                title={
                  <Group gap="xs" component="span" wrap="wrap">
                    <Text fw={700} size="sm" component="span">
                      {history.types[entry.type] ?? entry.type}
                    </Text>
                    {entry.amount !== null && entry.amount !== undefined ? (
                      <Text
                        component="span"
                        fw={700}
                        size="sm"
                        c={entry.amount < 0 ? 'var(--mantine-color-red-text)' : 'dimmed'}
                        style={{ whiteSpace: 'nowrap' }}
                      >
                        {formatAmount(entry.amount)}
                      </Text>
                    ) : null}
                  </Group>
                }
              >
                <Text size="xs" c="dimmed">
                  <time dateTime={entry.at}>{formatDateTime(entry.at)}</time> · {history.by(actorOf(entry))}
                </Text>
                {entry.reason ? (
                  <Text size="sm" mt={4}>
                    {entry.reason}
                  </Text>
                ) : null}
              </Timeline.Item>
            );
          })}
        </Timeline>
      )}
    </Card>
  );
}
