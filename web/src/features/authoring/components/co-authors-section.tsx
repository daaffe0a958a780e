import { Alert, Badge, Button, Group, NumberInput, Stack, Table, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconUserPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { formatAmount } from '../../../shared/format/price.format';
import { graphqlFailureOf } from '../../../shared/graphql/graphql-errors';
import { useMyUser } from '../../../shared/my-user/use-my-user';
import { coAuthorsMessages as messages } from '../co-authors.messages';
import {
  CoAuthorSplitPreviewQuery,
  InviteCoAuthorMutation,
  ItemCoAuthorsQuery,
  RemoveCoAuthorMutation,
  SetCoAuthorWeightsMutation,
} from '../lib/co-authors.documents';
import { EditorSection } from './editor-section';

/** Spec 9: toasts close after 5 s. */
const TOAST_MS = 5000;
type ItemType = 'SKIN' | 'BUNDLE';
const context = { additionalTypenames: ['ItemCoAuthors', 'ItemAuthor'] };

const percentOf = (weight: number, total: number) =>
  `${((100 * weight) / total).toLocaleString('cs-CZ', { maximumFractionDigits: 1 })} %`;

/**
 * The editor's "Co-authors": the owner invites by username with a weight, sets every author's
 * weight (with a preview of what the last 30 days' sales would have paid each), removes a co-author
 * or withdraws an invitation. Others who may open the editor (an admin) see the list only.
 */
export function CoAuthorsSection({ itemType, itemId }: { itemType: ItemType; itemId: string }) {
  const [{ data, error }, refetch] = useQuery({
    query: ItemCoAuthorsQuery,
    variables: { itemType, itemId },
    context: useMemo(() => context, []),
    requestPolicy: 'cache-and-network',
  });
  const me = useMyUser();
  const [username, setUsername] = useState('');
  const [weight, setWeight] = useState<number | string>(1);
  const [inviteError, setInviteError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // The owner's edits of the weights, by author id; the weights in force where none.
  const [weights, setWeights] = useState<Record<string, number | string>>({});
  const [previewWith, setPreviewWith] = useState<{ authorId: string; weight: number }[] | null>(null);
  const [{ fetching: inviting }, invite] = useMutation(InviteCoAuthorMutation);
  const [{ fetching: saving }, saveWeights] = useMutation(SetCoAuthorWeightsMutation);
  const [, remove] = useMutation(RemoveCoAuthorMutation);
  const [preview] = useQuery({
    query: CoAuthorSplitPreviewQuery,
    variables: { itemType, itemId, weights: previewWith ?? [] },
    pause: previewWith === null,
    requestPolicy: 'network-only',
  });

  const info = data?.itemCoAuthors;
  const authors = info?.authors ?? [];

  if (error) {
    return (
      <EditorSection title={messages.title}>
        <Alert variant="light" color="gray" icon={<IconAlertCircle size={18} />}>
          {graphqlFailureOf(error).message}
        </Alert>
      </EditorSection>
    );
  }
  if (!info) return null;
  const owner = info.viewerIsOwner;
  const counted = authors.filter((a) => a.role !== 'INVITED');
  const total = counted.reduce((sum, a) => sum + a.weight, 0);
  const asked = authors.map((a) => ({
    authorId: a.author.id,
    weight: Number(weights[a.author.id] ?? a.weight),
  }));
  const reload = () => refetch({ requestPolicy: 'network-only' });

  const onInvite = async () => {
    setInviteError(null);
    const result = await invite({ itemType, itemId, username: username.trim(), weight: Number(weight) });
    if (result.error) {
      setInviteError(graphqlFailureOf(result.error).message);
      return;
    }
    notifications.show({ color: 'teal', message: messages.invited(username.trim()), autoClose: TOAST_MS });
    setUsername('');
    reload();
  };
  const onSave = async () => {
    setFailure(null);
    const result = await saveWeights({ itemType, itemId, weights: asked });
    if (result.error) {
      setFailure(graphqlFailureOf(result.error).message);
      return;
    }
    notifications.show({ color: 'teal', message: messages.saved, autoClose: TOAST_MS });
    setPreviewWith(null);
    setWeights({});
    reload();
  };
  const onRemove = async (authorId: string) => {
    setFailure(null);
    const result = await remove({ itemType, itemId, authorId });
    if (result.error) {
      setFailure(graphqlFailureOf(result.error).message);
      return;
    }
    notifications.show({ color: 'teal', message: messages.removed, autoClose: TOAST_MS });
    setWeights({});
    reload();
  };

  return (
    <EditorSection title={messages.title} description={messages.description}>
      <Table aria-label={messages.title} verticalSpacing="xs">
        <Table.Tbody>
          {authors.map((a) => (
            <Table.Tr key={a.author.id}>
              <Table.Td>
                <Text fw={600} size="sm">
                  {a.author.username}
                  {me.myUser?.id === a.author.id ? messages.you : ''}
                </Text>
                <Badge variant="light" color={a.role === 'INVITED' ? 'yellow' : 'teal'} size="sm">
                  {messages.roles[a.role]}
                </Badge>
              </Table.Td>
              <Table.Td w={140}>
                {owner ? (
                  <NumberInput
                    aria-label={`${messages.weight}: ${a.author.username}`}
                    min={info.minWeight}
                    max={info.maxWeight}
                    allowDecimal={false}
                    value={weights[a.author.id] ?? a.weight}
                    onChange={(value) => setWeights((current) => ({ ...current, [a.author.id]: value }))}
                  />
                ) : (
                  <Text size="sm">{a.weight}</Text>
                )}
              </Table.Td>
              <Table.Td>
                <Text size="sm" c="dimmed">
                  {a.role === 'INVITED' ? messages.pendingShare : messages.share(percentOf(a.weight, total))}
                </Text>
              </Table.Td>
              <Table.Td>
                {owner && a.role !== 'OWNER' ? (
                  <Button variant="subtle" color="red" size="xs" onClick={() => void onRemove(a.author.id)}>
                    {a.role === 'INVITED' ? messages.withdraw : messages.remove}
                  </Button>
                ) : null}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {!owner ? (
        <Text size="sm" c="dimmed">
          {messages.readOnly}
        </Text>
      ) : null}
      {owner && authors.length > 1 ? (
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setPreviewWith(asked)}>
            {messages.preview}
          </Button>
          <Button loading={saving} onClick={() => void onSave()}>
            {messages.save}
          </Button>
        </Group>
      ) : null}
      {previewWith && preview.data ? (
        <Stack gap={4} aria-label={messages.preview}>
          <Text size="sm" fw={600}>
            {messages.previewTitle(preview.data.coAuthorSplitPreview.saleCount)}
          </Text>
          <Table verticalSpacing={4}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{messages.previewColumns.author}</Table.Th>
                <Table.Th>{messages.previewColumns.now}</Table.Th>
                <Table.Th>{messages.previewColumns.then}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {preview.data.coAuthorSplitPreview.lines.map((line) => (
                <Table.Tr key={line.author.id}>
                  <Table.Td>{line.author.username}</Table.Td>
                  <Table.Td>
                    {formatAmount(line.current)} ({line.currentWeight})
                  </Table.Td>
                  <Table.Td>
                    {formatAmount(line.preview)} ({line.weight})
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      ) : null}
      {preview.error ? (
        <Alert variant="light" color="red" icon={<IconAlertCircle size={18} />}>
          {graphqlFailureOf(preview.error).message}
        </Alert>
      ) : null}
      {failure ? (
        <Alert variant="light" color="red" icon={<IconAlertCircle size={18} />}>
          {failure}
        </Alert>
      ) : null}
      {owner ? (
        authors.length >= info.maxAuthors ? (
          <Text size="sm" c="dimmed">
            {messages.full(info.maxAuthors)}
          </Text>
        ) : (
          <Group align="flex-start" gap="sm">
            <TextInput
              label={messages.username}
              description={messages.usernameHint}
              value={username}
              onChange={(event) => setUsername(event.currentTarget.value)}
              error={inviteError}
              maw={260}
            />
            <NumberInput
              label={messages.weight}
              description={messages.weightHint(info.minWeight, info.maxWeight)}
              min={info.minWeight}
              max={info.maxWeight}
              allowDecimal={false}
              value={weight}
              onChange={setWeight}
              maw={180}
            />
            <Button
              mt={46}
              loading={inviting}
              disabled={username.trim() === ''}
              leftSection={<IconUserPlus size={18} />}
              onClick={() => void onInvite()}
            >
              {messages.invite}
            </Button>
          </Group>
        )
      ) : null}
    </EditorSection>
  );
}
