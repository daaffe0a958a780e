import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { adminMessages } from '../admin.messages';

const page = adminMessages.payouts;

/** Why a payout leaves the SEPA file that holds it (the Withdraw from file modal). */
export function WithdrawFromFileForm({
  batchId,
  onSubmit,
  onCancel,
}: {
  batchId: string;
  onSubmit: (reason: string) => void;
  onCancel: () => void;
}) {
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const missing = reason.trim() === '';
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        setTried(true);
        if (!missing) onSubmit(reason.trim());
      }}
      noValidate
    >
      <Stack gap="md">
        <Text size="sm">{page.withdrawIntro(batchId)}</Text>
        <Textarea
          label={page.withdrawReason}
          description={page.withdrawReasonHint}
          placeholder={page.withdrawReasonPlaceholder}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          error={tried && missing ? page.withdrawReasonRequired : undefined}
          autosize
          minRows={3}
          maxLength={500}
          required
          data-autofocus
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {page.cancel}
          </Button>
          <Button type="submit" color="orange">
            {page.withdrawConfirm}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
