import { Alert, Badge, Button, Code, Group, Pagination, Skeleton, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconRefresh } from '@tabler/icons-react';
import { Fragment, useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { formatDateTime } from '../../../shared/format';
import type { WebhookDeliveriesQuery as DeliveriesResult } from '../../../shared/graphql/generated/graphql';
import { graphqlFailureOf } from '../../../shared/graphql/graphql-errors';
import { ResendWebhookDeliveryMutation, WebhookDeliveriesQuery } from '../webhooks.documents';
import { webhooksMessages as texts } from '../webhooks.messages';

const PAGE_SIZE = 10;

type Delivery = DeliveriesResult['webhookEndpoint']['deliveries']['content'][number];
type Attempt = Delivery['attemptLog'][number];

const statusColor = { PENDING: 'yellow', SUCCEEDED: 'teal', FAILED: 'red' } as const;
const outcomeColor = {
  SUCCESS: 'teal',
  HTTP_ERROR: 'red',
  NETWORK_ERROR: 'red',
  TIMEOUT: 'orange',
  REFUSED_ADDRESS: 'red',
} as const;

function attemptResult(attempt: Attempt): string {
  const outcome = texts.outcomes[attempt.outcome];
  return attempt.statusCode === null ? outcome : `${attempt.statusCode} · ${outcome}`;
}

/** Every attempt of one delivery: when, the result, the response time and what came back. */
function AttemptRows({ delivery }: { delivery: Delivery }) {
  return (
    <Table.Tr>
      <Table.Td colSpan={5} bg="var(--mantine-color-default-hover)">
        <Table fz="xs" verticalSpacing={4} aria-label={`${texts.log.attemptsTitle}: ${delivery.eventType}`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{texts.log.when}</Table.Th>
              <Table.Th>{texts.log.outcome}</Table.Th>
              <Table.Th>{texts.log.responseTime}</Table.Th>
              <Table.Th>{texts.log.answer}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {delivery.attemptLog.map((attempt) => (
              <Table.Tr key={attempt.id} data-testid="webhook-attempt">
                <Table.Td>{formatDateTime(attempt.attemptedAt)}</Table.Td>
                <Table.Td>
                  <Badge size="sm" variant="light" color={outcomeColor[attempt.outcome]}>
                    {attemptResult(attempt)}
                  </Badge>
                </Table.Td>
                <Table.Td>{texts.log.ms(attempt.durationMs)}</Table.Td>
                <Table.Td maw={360}>
                  {(attempt.error ?? attempt.responseBody) ? (
                    <Code style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                      {(attempt.error ?? attempt.responseBody ?? '').slice(0, 200)}
                    </Code>
                  ) : (
                    '–'
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.Td>
    </Table.Tr>
  );
}

/** An endpoint's deliveries, newest first, each with every attempt and a resend button. */
export function DeliveryLog({
  endpointId,
  url,
  paused,
}: {
  endpointId: string;
  url: string;
  paused: boolean;
}) {
  const [page, setPage] = useState(0);
  const [result, refetch] = useQuery({
    query: WebhookDeliveriesQuery,
    variables: { id: endpointId, page, size: PAGE_SIZE },
    requestPolicy: 'cache-and-network',
  });
  const [{ fetching: resending }, resend] = useMutation(ResendWebhookDeliveryMutation);
  const deliveries = result.data?.webhookEndpoint.deliveries;

  const resendOne = async (id: string) => {
    const answer = await resend({ id });
    if (answer.error) {
      notifications.show({ color: 'red', message: graphqlFailureOf(answer.error).message });
      return;
    }
    notifications.show({ color: 'teal', message: texts.log.resent });
    refetch({ requestPolicy: 'network-only' });
  };

  if (result.error && !deliveries)
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert">
        {texts.log.loadFailed}
      </Alert>
    );
  if (!deliveries) return <Skeleton h={120} radius="md" />;
  if (deliveries.totalElements === 0)
    return (
      <Text size="sm" c="dimmed">
        {texts.log.empty}
      </Text>
    );

  return (
    <Stack gap="sm">
      <Group justify="flex-end">
        <Button
          size="xs"
          variant="subtle"
          leftSection={<IconRefresh size={14} />}
          onClick={() => refetch({ requestPolicy: 'network-only' })}
          loading={result.fetching}
        >
          {texts.log.refresh}
        </Button>
      </Group>
      <Table.ScrollContainer minWidth={560}>
        <Table verticalSpacing="xs" aria-label={texts.log.title(url)}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{texts.log.event}</Table.Th>
              <Table.Th>{texts.log.status}</Table.Th>
              <Table.Th>{texts.log.created}</Table.Th>
              <Table.Th>{texts.log.attempts}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {deliveries.content.map((delivery) => (
              <Fragment key={delivery.id}>
                <Table.Tr data-testid="webhook-delivery">
                  <Table.Td>
                    <Code>{delivery.eventType}</Code>
                  </Table.Td>
                  <Table.Td>
                    <Stack gap={2}>
                      <Badge variant="light" color={statusColor[delivery.status]}>
                        {texts.deliveryStatus[delivery.status]}
                      </Badge>
                      {delivery.nextAttemptAt && !paused ? (
                        <Text size="xs" c="dimmed">
                          {texts.log.nextAttempt(formatDateTime(delivery.nextAttemptAt))}
                        </Text>
                      ) : null}
                    </Stack>
                  </Table.Td>
                  <Table.Td>{formatDateTime(delivery.createdAt)}</Table.Td>
                  <Table.Td>{delivery.attemptLog.length}</Table.Td>
                  <Table.Td ta="right">
                    <Button
                      size="xs"
                      variant="default"
                      disabled={paused}
                      loading={resending}
                      onClick={() => void resendOne(delivery.id)}
                    >
                      {texts.log.resend}
                    </Button>
                  </Table.Td>
                </Table.Tr>
                {delivery.attemptLog.length > 0 ? <AttemptRows delivery={delivery} /> : null}
              </Fragment>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {deliveries.totalElements > PAGE_SIZE ? (
        <Pagination
          total={Math.ceil(deliveries.totalElements / PAGE_SIZE)}
          value={page + 1}
          onChange={(value) => setPage(value - 1)}
          size="sm"
        />
      ) : null}
    </Stack>
  );
}
