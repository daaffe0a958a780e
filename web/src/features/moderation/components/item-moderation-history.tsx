import { Group, Skeleton, Stack, Text, ThemeIcon, Timeline } from '@mantine/core';
import {
  IconArrowBackUp,
  IconBan,
  IconCircleCheck,
  IconFlag,
  IconLockOpen,
  IconShieldX,
  IconSparkles,
} from '@tabler/icons-react';
import type { TablerIcon } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useQuery } from 'urql';
import { formatDateTime } from '../../../shared/format';
import { ListLoadError, ListPagination } from '../../../shared/listing';
import { adminMessages } from '../admin-moderation.messages';
import { ModerationLogQuery } from '../lib/moderation.documents';
import { actionName, EntryActor, entryReason } from './moderation-log-parts';

const texts = adminMessages.moderation.history;

/** Spec 7.2: admin lists show 20 a page. */
const PAGE_SIZE = 20;

const looks: Record<string, { icon: TablerIcon; color: string }> = {
  ItemReported: { icon: IconFlag, color: 'yellow' },
  ItemTakenDown: { icon: IconShieldX, color: 'red' },
  ItemRestored: { icon: IconArrowBackUp, color: 'teal' },
  ReportsDismissed: { icon: IconCircleCheck, color: 'gray' },
  AccountBlocked: { icon: IconBan, color: 'red' },
  AccountUnblocked: { icon: IconLockOpen, color: 'teal' },
};

export interface HistoryTarget {
  /** SKIN, BUNDLE, COMMENT or ACCOUNT. */
  itemType: string;
  itemId: string;
}

/** One item's or account's moderation history, newest first (the History modal). */
export function ItemModerationHistory({ itemType, itemId }: HistoryTarget) {
  const [pageNumber, setPageNumber] = useState(1);
  const [result, refetch] = useQuery({
    query: ModerationLogQuery,
    variables: { itemType, itemId, page: { page: pageNumber - 1, size: PAGE_SIZE } },
    requestPolicy: 'cache-and-network',
  });
  const lastData = useRef(result.data);
  if (result.data) lastData.current = result.data;
  const log = (result.data ?? lastData.current)?.moderationLog;

  if (!log) {
    if (result.error)
      return (
        <ListLoadError message={texts.failed} onRetry={() => refetch({ requestPolicy: 'network-only' })} />
      );
    return (
      <Stack gap="sm" role="status" aria-label={texts.loading}>
        {Array.from({ length: 3 }, (_, index) => (
          <Skeleton key={index} h={44} />
        ))}
      </Stack>
    );
  }
  if (log.content.length === 0)
    return (
      <Text c="dimmed" size="sm" py="md">
        {texts.empty}
      </Text>
    );

  return (
    <Stack gap="md" aria-busy={result.fetching}>
      <Timeline bulletSize={28} lineWidth={2} active={-1}>
        {log.content.map((entry) => {
          const look = looks[entry.action] ?? { icon: IconSparkles, color: 'gray' };
          const reason = entryReason(entry);
          return (
            <Timeline.Item
              key={entry.id}
              bullet={
                <ThemeIcon size={28} radius="xl" color={look.color} variant="light">
                  <look.icon size={16} aria-hidden />
                </ThemeIcon>
              }
              title={
                <Text fw={700} size="sm" component="span">
                  {actionName(entry)}
                </Text>
              }
            >
              <Group gap={6} wrap="wrap">
                <Text size="xs" c="dimmed">
                  <time dateTime={entry.at}>{formatDateTime(entry.at)}</time> ·
                </Text>
                <EntryActor entry={entry} />
              </Group>
              {reason ? (
                <Text size="sm" mt={4} style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                  {reason}
                </Text>
              ) : null}
            </Timeline.Item>
          );
        })}
      </Timeline>
      <ListPagination
        label={texts.pagination}
        total={log.pageInfo.totalPages}
        value={pageNumber}
        onChange={setPageNumber}
      />
    </Stack>
  );
}
