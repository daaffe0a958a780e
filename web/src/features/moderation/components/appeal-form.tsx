import { Button, Group, Stack, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { z } from 'zod';
import { APPEAL_TEXT_MAX, appealText } from '../../../../../domain/moderation/appeal.decider';
import { useErrorsAfterSubmit } from '../../../shared/forms';
import { adminMessages } from '../admin-moderation.messages';

const texts = adminMessages.statements;
const appealSchema = z.object({ text: appealText });
const validateAppeal = zod4Resolver(appealSchema, { errorPriority: 'first' });

/**
 * The appeal form of a statement, 10 to 2,000 characters, sent once: on My Statements (signed in)
 * and on the page of a mailed appeal link (a blocked person). `send` answers null when the appeal
 * was recorded, else the message to show under the field.
 */
export function AppealForm({
  send,
  onCancel,
}: {
  send: (text: string) => Promise<string | null>;
  onCancel?: () => void;
}) {
  const [sending, setSending] = useState(false);
  const form = useForm<{ text: string }>({
    initialValues: { text: '' },
    validate: validateAppeal,
    clearInputErrorOnChange: false,
  });
  const errors = useErrorsAfterSubmit(form);
  const submit = async (values: { text: string }) => {
    setSending(true);
    const failure = await send(appealSchema.parse(values).text);
    setSending(false);
    if (failure) form.setFieldError('text', failure);
  };
  return (
    <form onSubmit={errors.onSubmit(submit)} noValidate>
      <Stack gap="sm">
        <Textarea
          label={texts.appealLabel}
          description={`${texts.appealHint} ${form.values.text.length} / ${APPEAL_TEXT_MAX}`}
          autosize
          minRows={4}
          maxRows={10}
          maxLength={APPEAL_TEXT_MAX}
          required
          withAsterisk
          data-autofocus
          autoFocus
          {...form.getInputProps('text')}
        />
        <Group justify="flex-end" gap="sm">
          {onCancel ? (
            <Button variant="default" onClick={onCancel}>
              {texts.cancel}
            </Button>
          ) : null}
          <Button type="submit" loading={sending}>
            {texts.appealSend}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
