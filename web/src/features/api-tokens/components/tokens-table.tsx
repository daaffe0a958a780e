import { Badge, Button, Code, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useMutation } from 'urql';
import { formatDateTime } from '../../../shared/format';
import type { ApiTokenFieldsFragment } from '../../../shared/graphql/generated/graphql';
import { apiTokensMessages } from '../api-tokens.messages';
import { RevokeApiTokenMutation } from '../lib/api-tokens.documents';

const texts = apiTokensMessages.list;
const revokeTexts = apiTokensMessages.revoke;

/** The person's tokens with their scopes, dates and a revoke button that asks first. */
export function TokensTable({ tokens }: { tokens: readonly ApiTokenFieldsFragment[] }) {
  const [asking, setAsking] = useState<ApiTokenFieldsFragment | null>(null);
  const [{ fetching }, revoke] = useMutation(RevokeApiTokenMutation);

  const confirm = async () => {
    if (!asking) return;
    const result = await revoke({ id: asking.id });
    if (result.error) {
      notifications.show({ color: 'red', message: revokeTexts.failed });
      return;
    }
    notifications.show({ color: 'teal', message: revokeTexts.done(asking.name) });
    setAsking(null);
  };

  return (
    <>
      <Table.ScrollContainer minWidth={720}>
        <Table verticalSpacing="sm" striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{texts.name}</Table.Th>
              <Table.Th>{texts.token}</Table.Th>
              <Table.Th>{texts.scopes}</Table.Th>
              <Table.Th>{texts.created}</Table.Th>
              <Table.Th>{texts.lastUsed}</Table.Th>
              <Table.Th>{texts.status}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {tokens.map((token) => (
              <Table.Tr key={token.id}>
                <Table.Td fw={600}>{token.name}</Table.Td>
                <Table.Td>
                  <Code>{token.prefix}…</Code>
                </Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    {token.scopes.map((scope) => (
                      <Badge key={scope} variant="light" size="sm" tt="none">
                        {scope}
                      </Badge>
                    ))}
                  </Group>
                </Table.Td>
                <Table.Td>{formatDateTime(token.createdAt)}</Table.Td>
                <Table.Td>{token.lastUsedAt ? formatDateTime(token.lastUsedAt) : texts.never}</Table.Td>
                <Table.Td>
                  {token.revokedAt ? (
                    <Text size="sm" c="dimmed">
                      {texts.revokedAt(formatDateTime(token.revokedAt))}
                    </Text>
                  ) : (
                    <Badge color="teal" variant="light">
                      {texts.active}
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>
                  {token.revokedAt ? null : (
                    <Button
                      size="xs"
                      variant="light"
                      color="red"
                      leftSection={<IconTrash size={14} aria-hidden />}
                      aria-label={texts.revokeLabel(token.name)}
                      onClick={() => setAsking(token)}
                    >
                      {texts.revoke}
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Modal opened={asking !== null} onClose={() => setAsking(null)} title={revokeTexts.title} centered>
        <Stack gap="md">
          <Text size="sm">{asking ? revokeTexts.body(asking.name) : null}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setAsking(null)}>
              {revokeTexts.cancel}
            </Button>
            <Button color="red" loading={fetching} onClick={() => void confirm()}>
              {revokeTexts.confirm}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
