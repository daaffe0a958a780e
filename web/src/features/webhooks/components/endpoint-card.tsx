import { Alert, Badge, Button, Card, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconKey, IconList, IconPlayerPlay, IconPlayerPause, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useMutation } from 'urql';
import type { WebhookEventType } from '../../../../../domain/webhooks/webhook.schemas';
import { formatDateTime } from '../../../shared/format';
import type { WebhookEndpointFieldsFragment } from '../../../shared/graphql/generated/graphql';
import { graphqlFailureOf } from '../../../shared/graphql/graphql-errors';
import {
  DeleteWebhookEndpointMutation,
  ResumeWebhookEndpointMutation,
  RotateWebhookSecretMutation,
} from '../webhooks.documents';
import { webhooksMessages as texts } from '../webhooks.messages';
import { DeliveryLog } from './delivery-log';

type Confirming = 'rotate' | 'delete' | null;

/** One endpoint: address, status, events, and its actions (log, resume, rotate secret, delete). */
export function EndpointCard({
  endpoint,
  onSecret,
}: {
  endpoint: WebhookEndpointFieldsFragment;
  onSecret: (secret: string) => void;
}) {
  const [showLog, setShowLog] = useState(false);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [{ fetching: rotating }, rotate] = useMutation(RotateWebhookSecretMutation);
  const [{ fetching: deleting }, remove] = useMutation(DeleteWebhookEndpointMutation);
  const [{ fetching: resuming }, resume] = useMutation(ResumeWebhookEndpointMutation);
  const paused = endpoint.status === 'PAUSED';
  const labels = endpoint.scope === 'SITE' ? texts.siteEventLabels : texts.eventLabels;
  const failed = (error: Parameters<typeof graphqlFailureOf>[0]) =>
    notifications.show({ color: 'red', message: graphqlFailureOf(error).message || texts.actionFailed });

  const confirm = async () => {
    if (confirming === 'rotate') {
      const answer = await rotate({ id: endpoint.id });
      setConfirming(null);
      if (answer.error || !answer.data) return answer.error ? failed(answer.error) : undefined;
      onSecret(answer.data.rotateWebhookSecret.secret);
    } else if (confirming === 'delete') {
      const answer = await remove({ id: endpoint.id }, { additionalTypenames: ['WebhookEndpoint'] });
      setConfirming(null);
      if (answer.error) return failed(answer.error);
      notifications.show({ color: 'teal', message: texts.deleted });
    }
  };

  const resumeNow = async () => {
    const answer = await resume({ id: endpoint.id });
    if (answer.error) return failed(answer.error);
    notifications.show({ color: 'teal', message: texts.resumed });
  };

  return (
    <Card
      withBorder
      padding="lg"
      radius="md"
      component="article"
      aria-label={endpoint.url}
      data-testid="webhook-endpoint"
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={4} miw={0}>
            <Text fw={600} style={{ wordBreak: 'break-all' }}>
              {endpoint.url}
            </Text>
            <Text size="xs" c="dimmed">
              {formatDateTime(endpoint.createdAt)}
              {endpoint.consecutiveFailures > 0 ? ` · ${texts.failingRun(endpoint.consecutiveFailures)}` : ''}
            </Text>
          </Stack>
          <Badge
            color={paused ? 'orange' : 'teal'}
            variant="light"
            leftSection={paused ? <IconPlayerPause size={12} /> : null}
          >
            {texts.status[endpoint.status]}
          </Badge>
        </Group>
        <Group gap={6}>
          {endpoint.eventTypes.map((type) => (
            <Badge key={type} variant="outline" color="gray" tt="none" fw={500}>
              {labels[type as WebhookEventType] ?? type}
            </Badge>
          ))}
        </Group>
        {paused && endpoint.pauseReason ? (
          <Alert color="orange" variant="light" icon={<IconPlayerPause />}>
            {texts.pausedBecause(endpoint.pauseReason)}
          </Alert>
        ) : null}
        <Group gap="xs">
          <Button
            size="xs"
            variant="light"
            leftSection={<IconList size={14} />}
            onClick={() => setShowLog((shown) => !shown)}
            aria-expanded={showLog}
          >
            {showLog ? texts.log.hide : texts.log.show}
          </Button>
          {paused ? (
            <Button
              size="xs"
              color="teal"
              leftSection={<IconPlayerPlay size={14} />}
              loading={resuming}
              onClick={() => void resumeNow()}
            >
              {texts.resume}
            </Button>
          ) : null}
          <Button
            size="xs"
            variant="default"
            leftSection={<IconKey size={14} />}
            onClick={() => setConfirming('rotate')}
          >
            {texts.rotate}
          </Button>
          <Button
            size="xs"
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={14} />}
            onClick={() => setConfirming('delete')}
          >
            {texts.delete}
          </Button>
        </Group>
        {showLog ? <DeliveryLog endpointId={endpoint.id} url={endpoint.url} paused={paused} /> : null}
      </Stack>
      <Modal
        opened={confirming !== null}
        onClose={() => setConfirming(null)}
        title={confirming === 'delete' ? texts.delete : texts.rotate}
        centered
      >
        <Stack gap="md">
          <Text size="sm">{confirming === 'delete' ? texts.deleteConfirm : texts.rotateConfirm}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(null)}>
              {texts.cancel}
            </Button>
            <Button
              color={confirming === 'delete' ? 'red' : undefined}
              loading={rotating || deleting}
              onClick={() => void confirm()}
            >
              {confirming === 'delete' ? texts.delete : texts.rotate}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}
