import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconUsersGroup } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { graphqlFailureOf } from '../../../shared/graphql/graphql-errors';
import {
  AnswerCoAuthorInvitationMutation,
  MyCoAuthorInvitationsQuery,
} from '../lib/co-author-invitations.documents';

/** Spec 9: toasts close after 5 s. */
const TOAST_MS = 5000;
const context = { additionalTypenames: ['CoAuthorInvitation'] };

export const coAuthorInvitationMessages = {
  title: 'Invitations to co-author',
  line: (owner: string, kind: 'SKIN' | 'BUNDLE', title: string, weight: number) =>
    `${owner} invites you to co-author the ${kind === 'SKIN' ? 'skin' : 'bundle'} “${title}” with weight ${weight}.`,
  explain:
    'Once you accept, every later sale gives you a part of its author share by your weight, paid into your own payout.',
  accept: 'Accept',
  decline: 'Decline',
  accepted: (title: string) => `You co-author ${title} now.`,
  declined: 'Invitation declined.',
};
const messages = coAuthorInvitationMessages;

/** The signed-in author's open invitations to co-author, each accepted or declined here. */
export function CoAuthorInvitations() {
  const [{ data }, refetch] = useQuery({
    query: MyCoAuthorInvitationsQuery,
    context: useMemo(() => context, []),
    requestPolicy: 'cache-and-network',
  });
  const [, answer] = useMutation(AnswerCoAuthorInvitationMutation);
  const [failure, setFailure] = useState<string | null>(null);
  const invitations = data?.myCoAuthorInvitations ?? [];
  if (invitations.length === 0) return null;

  const respond = async (invitation: (typeof invitations)[number], accept: boolean) => {
    setFailure(null);
    const result = await answer({ itemType: invitation.itemType, itemId: invitation.itemId, accept });
    if (result.error) {
      setFailure(graphqlFailureOf(result.error).message);
      return;
    }
    notifications.show({
      color: 'teal',
      message: accept ? messages.accepted(invitation.title) : messages.declined,
      autoClose: TOAST_MS,
    });
    refetch({ requestPolicy: 'network-only' });
  };

  return (
    <Card withBorder mb="md" component="section" aria-label={messages.title}>
      <Stack gap="sm">
        <Group gap="xs">
          <IconUsersGroup size={20} aria-hidden />
          <Title order={2} size="h4">
            {messages.title}
          </Title>
        </Group>
        <Text size="sm" c="dimmed">
          {messages.explain}
        </Text>
        {invitations.map((invitation) => (
          <Group key={`${invitation.itemType}-${invitation.itemId}`} justify="space-between" wrap="nowrap">
            <Text size="sm">
              {messages.line(
                invitation.owner.username,
                invitation.itemType,
                invitation.title,
                invitation.weight,
              )}
            </Text>
            <Group gap="xs" wrap="nowrap">
              <Button size="xs" onClick={() => void respond(invitation, true)}>
                {messages.accept}
              </Button>
              <Button size="xs" variant="default" onClick={() => void respond(invitation, false)}>
                {messages.decline}
              </Button>
            </Group>
          </Group>
        ))}
        {failure ? (
          <Alert variant="light" color="red" icon={<IconAlertCircle size={18} />}>
            {failure}
          </Alert>
        ) : null}
      </Stack>
    </Card>
  );
}
