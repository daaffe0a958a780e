import { Badge, Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconMail, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { useMutation } from 'urql';
import { formatDateTime } from '../../../shared/format';
import type { MailDeliveryStatus, OrderMailFieldsFragment } from '../../../shared/graphql/generated/graphql';
import { graphqlFailureOf } from '../../../shared/graphql/graphql-errors';
import { adminMessages } from '../admin-orders.messages';
import { RetryMailDeliveryMutation } from '../lib/admin-orders.documents';

const text = adminMessages.orders.mails;

const statusColor: Record<MailDeliveryStatus, string> = { PENDING: 'yellow', SENT: 'teal', FAILED: 'red' };

function MailStatusBadge({ status }: { status: MailDeliveryStatus }) {
  return (
    <Badge color={statusColor[status]} variant="light">
      {text.statuses[status]}
    </Badge>
  );
}

/** When it went out, or when it is tried next, or when it was last tried. */
function MailTimes({ mail }: { mail: OrderMailFieldsFragment }) {
  const line = mail.sentAt
    ? text.sentAt(formatDateTime(mail.sentAt))
    : mail.nextAttemptAt
      ? text.nextAttempt(formatDateTime(mail.nextAttemptAt))
      : mail.lastAttemptAt
        ? text.lastAttempt(formatDateTime(mail.lastAttemptAt))
        : null;
  return line ? (
    <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
      {line}
    </Text>
  ) : null;
}

function RetryButton({ mail }: { mail: OrderMailFieldsFragment }) {
  const [, retry] = useMutation(RetryMailDeliveryMutation);
  const [pending, setPending] = useState(false);
  const run = async () => {
    setPending(true);
    const result = await retry({ id: mail.id }, { additionalTypenames: ['MailDelivery', 'Purchase'] });
    setPending(false);
    if (result.data?.retryMailDelivery) {
      notifications.show({ color: 'teal', message: text.retried });
      return;
    }
    if (result.error) console.error('retryMailDelivery failed', result.error);
    const failure = result.error ? graphqlFailureOf(result.error) : null;
    notifications.show({
      color: 'red',
      title: text.retryFailed,
      message: failure?.message ?? text.retryFailed,
    });
  };
  return (
    <Button
      size="xs"
      variant="light"
      leftSection={<IconRefresh size={14} aria-hidden />}
      loading={pending}
      onClick={() => void run()}
      aria-label={text.retryLabel(text.kinds[mail.kind], mail.recipient)}
    >
      {text.retry}
    </Button>
  );
}

/** The order's mails: what each is, to whom, whether it went out, and a retry for a failed one. */
function OrderMailsTable({ mails }: { mails: readonly OrderMailFieldsFragment[] }) {
  const columns = text.columns;
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{columns.kind}</Table.Th>
            <Table.Th>{columns.recipient}</Table.Th>
            <Table.Th>{columns.status}</Table.Th>
            <Table.Th ta="right">{columns.attempts}</Table.Th>
            <Table.Th>{columns.when}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {mails.map((mail) => (
            <Table.Tr key={mail.id}>
              <Table.Td>
                <Text size="sm" fw={600}>
                  {text.kinds[mail.kind]}
                </Text>
                {mail.lastError ? (
                  <Text size="xs" c={mail.status === 'SENT' ? 'dimmed' : 'red'} maw={260}>
                    {text.lastError}: {mail.lastError}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td maw={220}>
                <Text size="sm" truncate>
                  {mail.recipient}
                </Text>
              </Table.Td>
              <Table.Td>
                <MailStatusBadge status={mail.status} />
              </Table.Td>
              <Table.Td ta="right">{mail.attempts}</Table.Td>
              <Table.Td>
                <Stack gap={4} align="flex-start">
                  <MailTimes mail={mail} />
                  {mail.status === 'FAILED' ? <RetryButton mail={mail} /> : null}
                </Stack>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** A button with the order's mail count (red when one failed) that opens the order's mails. */
export function OrderMailsButton({
  externalId,
  mails,
}: {
  externalId: string;
  mails: readonly OrderMailFieldsFragment[] | null | undefined;
}) {
  const [opened, { open, close }] = useDisclosure(false);
  const list = mails ?? [];
  const failed = list.some((mail) => mail.status === 'FAILED');
  return (
    <>
      <Button
        size="xs"
        variant="subtle"
        color={failed ? 'red' : 'gray'}
        leftSection={
          failed ? <IconAlertTriangle size={14} aria-hidden /> : <IconMail size={14} aria-hidden />
        }
        onClick={open}
        aria-label={text.buttonLabel(externalId)}
        title={failed ? text.failedHint : undefined}
      >
        {text.button(list.length)}
      </Button>
      <Modal opened={opened} onClose={close} title={text.title(externalId)} size="xl" centered>
        {list.length === 0 ? (
          <Group>
            <Text size="sm" c="dimmed">
              {text.none}
            </Text>
          </Group>
        ) : (
          <OrderMailsTable mails={list} />
        )}
      </Modal>
    </>
  );
}
