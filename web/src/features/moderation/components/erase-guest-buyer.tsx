import { Button, Group, List, SegmentedControl, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconUserX } from '@tabler/icons-react';
import { useState } from 'react';
import { useMutation } from 'urql';
import { graphqlFailureOf } from '../../../shared/graphql/graphql-errors';
import { adminMessages } from '../admin-moderation.messages';
import { EraseGuestBuyerMutation } from '../lib/users.documents';

const texts = adminMessages.eraseGuest;
const MODAL_ID = 'erase-guest-buyer';
type By = 'email' | 'orderNumber';
type Values = { by: By; value: string; reason: string };

/**
 * An admin erases a guest buyer (no account) at their request, named by the address they bought
 * with or one order number (docs/personal-data.md, "Erasing a guest buyer"). The server checks
 * everything again; the form only says early what it will refuse.
 */
function EraseGuestForm({ onDone }: { onDone: () => void }) {
  const [, erase] = useMutation(EraseGuestBuyerMutation);
  const [sending, setSending] = useState(false);
  const form = useForm<Values>({
    initialValues: { by: 'email', value: '', reason: '' },
    validate: {
      value: (value, values) =>
        value.trim() === '' ? (values.by === 'email' ? texts.emailMissing : texts.orderMissing) : null,
      reason: (value) => (value.trim().length < 5 ? texts.reasonShort : null),
    },
  });
  const submit = async (values: Values) => {
    setSending(true);
    const result = await erase(
      { input: { [values.by]: values.value.trim(), reason: values.reason.trim() } },
      { additionalTypenames: ['User', 'UserPage', 'AccountDeletion'] },
    );
    setSending(false);
    const erased = result.data?.eraseGuestBuyer;
    if (erased?.success) {
      notifications.show({ color: 'teal', message: texts.done(erased.orders) });
      onDone();
      return;
    }
    const failure = result.error ? graphqlFailureOf(result.error) : null;
    form.setFieldError(failure?.field === 'reason' ? 'reason' : 'value', failure?.message ?? texts.failed);
  };
  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="sm">
        <Text size="sm">{texts.intro}</Text>
        <List size="sm" spacing={4} withPadding>
          {texts.effects.map((effect) => (
            <List.Item key={effect}>{effect}</List.Item>
          ))}
        </List>
        <SegmentedControl
          aria-label={texts.by}
          data={[
            { value: 'email', label: texts.byEmail },
            { value: 'orderNumber', label: texts.byOrder },
          ]}
          {...form.getInputProps('by')}
        />
        <TextInput
          label={form.values.by === 'email' ? texts.emailLabel : texts.orderLabel}
          placeholder={form.values.by === 'email' ? 'name@example.com' : 'TS-2026-000042'}
          type={form.values.by === 'email' ? 'email' : 'text'}
          required
          data-autofocus
          {...form.getInputProps('value')}
        />
        <Textarea
          label={texts.reasonLabel}
          description={texts.reasonHint}
          placeholder={texts.placeholder}
          autosize
          minRows={2}
          maxLength={500}
          required
          {...form.getInputProps('reason')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            {texts.cancel}
          </Button>
          <Button type="submit" color="red.9" loading={sending}>
            {texts.confirm}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The button on Admin → Users that opens the guest erasure. */
export function EraseGuestBuyerButton() {
  const phone = useMediaQuery('(max-width: 36em)') ?? false;
  const open = () =>
    modals.open({
      modalId: MODAL_ID,
      title: texts.title,
      centered: true,
      size: 'lg',
      fullScreen: phone,
      children: <EraseGuestForm onDone={() => modals.close(MODAL_ID)} />,
    });
  return (
    <Button variant="default" color="red" leftSection={<IconUserX size={16} aria-hidden />} onClick={open}>
      {texts.button}
    </Button>
  );
}
