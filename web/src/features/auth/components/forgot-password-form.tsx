import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { authMessages } from '../auth.messages';
import { forgotPassword } from '../lib/auth-api';
import type { AuthModeSwitch } from './auth-mode-switch';

const texts = authMessages.forgotPassword;

type State = 'idle' | 'sending' | 'sent' | 'error';

/** Spec 5 and 8: no client validation; success always reads 'Sent! ...'; 400+ is an error state only. */
export function ForgotPasswordForm({
  onSwitch,
  initialEmail,
}: {
  onSwitch: AuthModeSwitch;
  initialEmail: string;
}) {
  const [state, setState] = useState<State>('idle');
  const firstField = useRef<HTMLInputElement>(null);
  const form = useForm({ initialValues: { email: initialEmail } });

  useEffect(() => firstField.current?.focus(), []);

  const submit = async ({ email }: { email: string }) => {
    setState('sending');
    const answer = await forgotPassword(email.trim());
    setState(answer.ok ? 'sent' : 'error');
  };

  return (
    <form onSubmit={form.onSubmit((values) => void submit(values))} noValidate>
      <Stack gap="md">
        {state === 'sent' ? (
          <Alert color="teal" variant="light" icon={<IconCircleCheck />} role="status">
            {texts.sent}
          </Alert>
        ) : null}
        <TextInput
          ref={firstField}
          data-autofocus
          type="email"
          label={texts.email}
          autoComplete="email"
          {...form.getInputProps('email')}
          onChange={(event) => {
            form.setFieldValue('email', event.currentTarget.value);
            if (state === 'error') setState('idle');
          }}
          error={state === 'error'}
        />
        <Button type="submit" loading={state === 'sending'} fullWidth mt="xs">
          {texts.submit}
        </Button>
        <Anchor
          component="button"
          type="button"
          size="sm"
          fw={600}
          ta="center"
          onClick={() => onSwitch('login', form.values.email.trim())}
        >
          {texts.back}
        </Anchor>
      </Stack>
    </form>
  );
}
