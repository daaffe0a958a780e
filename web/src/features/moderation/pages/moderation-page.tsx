import { Group, Table, Text } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useState } from 'react';
import { useQuery } from 'urql';
import { formatDateTime } from '../../../shared/format';
import { PageContainer } from '../../../shared/ui';
import { adminMessages } from '../admin-moderation.messages';
import { AdminListLayout } from '../../../shared/admin-list/admin-list-layout';
import { useAdminListAnswer } from '../../../shared/admin-list/use-admin-list';
import {
  ActionBadge,
  EntryActor,
  EntryItem,
  entryReason,
  StatementLine,
} from '../components/moderation-log-parts';
import type { LogEntry } from '../components/moderation-log-parts';
import classes from '../../../shared/admin-list/admin-list.module.css';
import { ModerationLogQuery } from '../lib/moderation.documents';

const page = adminMessages.history;
const columns = page.columns;

/** Spec 7.2: admin lists show 20 a page. */
const PAGE_SIZE = 20;

function Reason({ entry }: { entry: LogEntry }) {
  const reason = entryReason(entry);
  return reason ? (
    <>
      <Text size="sm" className={classes.commentText}>
        {reason}
      </Text>
      <StatementLine entry={entry} />
    </>
  ) : (
    <Text size="sm" c="dimmed" aria-hidden>
      –
    </Text>
  );
}

function When({ entry }: { entry: LogEntry }) {
  return <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>;
}

function LogTable({ entries }: { entries: LogEntry[] }) {
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{columns.when}</Table.Th>
            <Table.Th>{columns.action}</Table.Th>
            <Table.Th>{columns.item}</Table.Th>
            <Table.Th>{columns.who}</Table.Th>
            <Table.Th>{columns.reason}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) => (
            <Table.Tr key={entry.id}>
              <Table.Td className={classes.nowrap}>
                <Text size="sm">
                  <When entry={entry} />
                </Text>
              </Table.Td>
              <Table.Td>
                <ActionBadge entry={entry} />
              </Table.Td>
              <Table.Td maw={260}>
                <EntryItem entry={entry} />
              </Table.Td>
              <Table.Td>
                <EntryActor entry={entry} />
              </Table.Td>
              <Table.Td maw={300}>
                <Reason entry={entry} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function LogCards({ entries }: { entries: LogEntry[] }) {
  return (
    <ul className={classes.cards}>
      {entries.map((entry) => (
        <li key={entry.id} className={classes.card}>
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <ActionBadge entry={entry} />
            <Text size="xs" c="dimmed" className={classes.nowrap}>
              <When entry={entry} />
            </Text>
          </Group>
          <EntryItem entry={entry} />
          <Group gap={6}>
            <Text size="xs" c="dimmed">
              {columns.who}:
            </Text>
            <EntryActor entry={entry} />
          </Group>
          {entryReason(entry) ? <Reason entry={entry} /> : null}
        </li>
      ))}
    </ul>
  );
}

/** Every moderation step, newest first, 20 a page: when, what, on which item, by whom and why. */
export function ModerationPage() {
  const [pageNumber, setPageNumber] = useState(1);
  const [result, refetch] = useQuery({
    query: ModerationLogQuery,
    variables: { page: { page: pageNumber - 1, size: PAGE_SIZE } },
    requestPolicy: 'cache-and-network',
  });
  const answer = useAdminListAnswer('moderationLog', result.data?.moderationLog, { result, refetch });
  const log = answer.list;

  return (
    <PageContainer title={page.title} eyebrow={adminMessages.eyebrow} description={page.description}>
      <AdminListLayout
        total={page.total}
        answer={answer}
        failed={page.failed}
        skeleton={{ label: page.loading, height: 44 }}
        empty={{ icon: <IconHistory stroke={1.5} />, message: page.empty }}
        rows={
          log && {
            from: 'md',
            table: <LogTable entries={log.content} />,
            cards: <LogCards entries={log.content} />,
          }
        }
        pagination={{ label: page.pagination, value: pageNumber, onChange: setPageNumber }}
      />
    </PageContainer>
  );
}
