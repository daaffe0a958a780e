import { Button, Group, List, Select, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import type { ReactNode } from 'react';
import { z } from 'zod';
import {
  MODERATION_REASON_MAX,
  moderationNote,
  moderationReason,
} from '../../../../../domain/moderation/moderation.schemas';
import {
  MODERATION_GROUNDS,
  termsGround,
  termsRules,
  type TermsGround,
} from '../../../../../domain/moderation/terms-grounds';
import { useErrorsAfterSubmit } from '../../../shared/forms';
import { adminMessages } from '../admin-moderation.messages';

const texts = adminMessages.moderation;

// The API's own rules: a reason of 3-500 characters, or an optional note of at most 500.
const reasonSchema = z.object({ reason: moderationReason });
const noteSchema = z.object({ reason: moderationNote });
const validateReason = zod4Resolver(reasonSchema, { errorPriority: 'first' });
const validateNote = zod4Resolver(noteSchema, { errorPriority: 'first' });
// A takedown, a removal and a block name the rule of the terms they rest on (the statement of reasons).
const groundedSchema = z.object({ reason: moderationReason, ground: termsGround });
const validateGrounded = zod4Resolver(groundedSchema, { errorPriority: 'first' });
const groundOptions = MODERATION_GROUNDS.map((ground) => ({
  value: ground,
  label: `${termsRules[ground].number} ${termsRules[ground].text}`,
}));

/** The counter joins the field from two thirds of the maximum. */
const COUNTER_FROM = Math.round((MODERATION_REASON_MAX * 2) / 3);

export interface ModerationReasonFormProps {
  /** What the step does, in a sentence or two. */
  intro: ReactNode;
  /** The effects, listed under the intro (a block's). */
  effects?: readonly string[];
  /** A reason is required (take down, remove, block); a note is optional (restore, dismiss, unblock). */
  required: boolean;
  /** Ask for the rule of the terms the decision rests on (take down, remove, block). */
  withGround?: boolean;
  hint: string;
  placeholder?: string;
  confirmLabel: string;
  /** A shade dark enough for white text in both schemes; none: the primary colour. */
  confirmColor?: string;
  /** The reason or note as the API wants it (trimmed, null when an optional note is empty), and the rule. */
  onSubmit: (reason: string | null, ground: TermsGround | null) => void;
  onCancel: () => void;
}

/** The body of a moderation modal: what happens, the reason (or note) and the buttons. */
export function ModerationReasonForm({
  intro,
  effects,
  required,
  withGround = false,
  hint,
  placeholder,
  confirmLabel,
  confirmColor,
  onSubmit,
  onCancel,
}: ModerationReasonFormProps) {
  const form = useForm<{ reason: string; ground: string | null }>({
    initialValues: { reason: '', ground: null },
    validate: withGround ? validateGrounded : required ? validateReason : validateNote,
    clearInputErrorOnChange: false,
  });
  const errors = useErrorsAfterSubmit(form);
  const length = form.values.reason.length;

  const submit = (values: { reason: string; ground: string | null }) => {
    if (withGround) {
      const grounded = groundedSchema.parse(values);
      onSubmit(grounded.reason, grounded.ground);
      return;
    }
    const parsed = required ? reasonSchema.parse(values).reason : (noteSchema.parse(values).reason ?? null);
    onSubmit(parsed, null);
  };

  return (
    <form onSubmit={errors.onSubmit(submit)} noValidate>
      <Stack gap="md">
        <Text size="sm">{intro}</Text>
        {effects ? (
          <List size="sm" spacing={4} withPadding>
            {effects.map((effect) => (
              <List.Item key={effect}>{effect}</List.Item>
            ))}
          </List>
        ) : null}
        {withGround ? (
          <Select
            label={texts.ground}
            description={texts.groundHint}
            placeholder={texts.groundPlaceholder}
            data={groundOptions}
            required
            withAsterisk
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('ground')}
          />
        ) : null}
        <Textarea
          label={required ? texts.reason : texts.note}
          description={
            length >= COUNTER_FROM ? `${hint} ${texts.counter(length, MODERATION_REASON_MAX)}` : hint
          }
          placeholder={placeholder}
          autosize
          minRows={3}
          maxRows={8}
          maxLength={MODERATION_REASON_MAX}
          required={required}
          withAsterisk={required}
          data-autofocus
          {...form.getInputProps('reason')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {texts.cancel}
          </Button>
          <Button type="submit" color={confirmColor}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
