import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { adminMessages } from '../admin.messages';

const page = adminMessages.payouts;

/** The reason a payout's transfer failed, which the author will read (the Mark as failed modal). */
export function MarkFailedForm({
  onSubmit,
  onCancel,
}: {
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
        <Text size="sm" c="dimmed">
          {page.markFailedIntro}
        </Text>
        <Textarea
          label={page.failReason}
          description={page.failReasonHint}
          placeholder={page.failReasonPlaceholder}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          error={tried && missing ? page.failReasonRequired : undefined}
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
          <Button type="submit" color="red">
            {page.failConfirm}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
