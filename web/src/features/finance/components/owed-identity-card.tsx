import { Badge, Card, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { financeMessages } from '../finance.messages';
import type { FinanceMonth } from '../lib/finance-api';
import { FigureList } from './figure-list';

const texts = financeMessages.owed;

/** opening + shares − refund adjustments − paid out = closing, and whether the server found it to tie out. */
export function OwedIdentityCard({ owed }: { owed: FinanceMonth['owedToAuthors'] }) {
  return (
    <Card withBorder padding="md" aria-labelledby="finance-owed-title">
      <Stack gap="sm">
        <Group justify="space-between" align="center">
          <Title order={2} size="h4" id="finance-owed-title">
            {texts.title}
          </Title>
          {owed.tiesOut ? (
            <Badge color="teal" variant="light" leftSection={<IconCheck size={14} aria-hidden />}>
              {texts.tiesOut}
            </Badge>
          ) : (
            <Badge color="red" variant="filled" leftSection={<IconX size={14} aria-hidden />}>
              {texts.doesNotTieOut}
            </Badge>
          )}
        </Group>
        <FigureList
          figures={[
            { label: texts.opening, amount: owed.opening },
            { label: texts.shares, amount: owed.shares },
            { label: texts.refunds, amount: owed.refundAdjustments },
            { label: texts.paidOut, amount: owed.paidOut },
          ]}
        />
        <Divider />
        <FigureList figures={[{ label: texts.closing, amount: owed.closing, strong: true }]} />
        <Text size="xs" c="dimmed">
          {texts.note}
        </Text>
      </Stack>
    </Card>
  );
}
