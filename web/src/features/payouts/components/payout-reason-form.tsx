import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { adminMessages } from '../admin-payouts.messages';

const page = adminMessages.payouts;

/** The texts of one reason modal: what it does, the field's words and the confirming button. */
export interface PayoutReasonTexts {
  intro: ReactNode;
  label: string;
  hint: string;
  placeholder: string;
  required: string;
  confirm: string;
  color: 'orange' | 'red';
}

/**
 * The reason an admin gives for a step on a payout (Mark as failed, which the author reads;
 * Withdraw from file): required, at most 500 characters, sent trimmed.
 */
export function PayoutReasonForm({
  texts,
  onSubmit,
  onCancel,
}: {
  texts: PayoutReasonTexts;
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
        <Text size="sm">{texts.intro}</Text>
        <Textarea
          label={texts.label}
          description={texts.hint}
          placeholder={texts.placeholder}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          error={tried && missing ? texts.required : undefined}
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
          <Button type="submit" color={texts.color}>
            {texts.confirm}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
