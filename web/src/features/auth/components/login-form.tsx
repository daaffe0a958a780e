import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useEffect, useRef, useState } from 'react';
import { loginSchema } from '../../../../../domain/accounts/account.schemas';
import { useErrorsAfterSubmit } from '../../../shared/forms';
import { closeAuthModal, decodeSessionToken, useSession } from '../../../shared/session';
import { authMessages } from '../auth.messages';
import { login } from '../lib/auth-api';
import type { AuthModeSwitch } from './auth-mode-switch';

const texts = authMessages.login;

type LoginValues = { username: string; password: string };

// Spec 5: username-or-email at least 4 characters, password at least 8; otherwise nothing is sent.
const validate = zod4Resolver(loginSchema, { errorPriority: 'first' });

type Failure = 'wrong' | 'too-many' | 'unreachable' | { blocked: string } | null;

export function LoginForm({
  onSwitch,
  initialUsername,
}: {
  onSwitch: AuthModeSwitch;
  initialUsername: string;
}) {
  const { startSession } = useSession();
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<Failure>(null);
  const firstField = useRef<HTMLInputElement>(null);
  const form = useForm<LoginValues>({
    initialValues: { username: initialUsername, password: '' },
    validate,
    clearInputErrorOnChange: false,
  });
  const errors = useErrorsAfterSubmit(form);

  useEffect(() => firstField.current?.focus(), []);

  const submit = async (values: LoginValues) => {
    const input = loginSchema.parse(values);
    setSending(true);
    setFailure(null);
    const answer = await login(input);
    setSending(false);
    const user = answer.ok ? decodeSessionToken(answer.text.trim()) : null;
    if (answer.ok && user && startSession()) {
      closeAuthModal();
      notifications.show({ color: 'teal', message: texts.welcomeBack(user.username || input.username) });
      return;
    }
    if (answer.status === 0) setFailure('unreachable');
    else if (answer.status === 429) setFailure('too-many');
    // A blocked account (docs/moderation.md): said only to whoever gave the right password.
    else if (answer.status === 403) setFailure({ blocked: answer.refusal?.message || texts.blocked });
    else setFailure('wrong');
  };

  const emailTyped = form.values.username.includes('@') ? form.values.username.trim() : '';

  return (
    <form onSubmit={errors.onSubmit(submit)} noValidate>
      <Stack gap="md">
        {failure ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert">
            {typeof failure === 'object' ? (
              failure.blocked
            ) : failure === 'unreachable' ? (
              authMessages.unreachable
            ) : (
              <>
                {texts.wrongBefore}
                <Anchor
                  component="button"
                  type="button"
                  inherit
                  fw={700}
                  onClick={() => onSwitch('forgot-password', emailTyped)}
                >
                  {texts.wrongLink}
                </Anchor>
                {texts.wrongAfter}
                {failure === 'too-many' ? (
                  <Text component="span" display="block" mt={6} inherit>
                    {authMessages.tooManyTries}
                  </Text>
                ) : null}
              </>
            )}
          </Alert>
        ) : null}
        <TextInput
          ref={firstField}
          data-autofocus
          label={texts.username}
          autoComplete="username"
          required
          {...form.getInputProps('username')}
        />
        <PasswordInput
          label={texts.password}
          autoComplete="current-password"
          required
          {...form.getInputProps('password')}
        />
        <Anchor
          component="button"
          type="button"
          size="sm"
          fw={600}
          ta="left"
          w="fit-content"
          onClick={() => onSwitch('forgot-password', emailTyped)}
        >
          {texts.forgot}
        </Anchor>
        <Button type="submit" loading={sending} fullWidth mt="xs">
          {texts.submit}
        </Button>
        <Text size="sm" ta="center" c="dimmed">
          {texts.noAccount}{' '}
          <Anchor component="button" type="button" inherit fw={700} onClick={() => onSwitch('register')}>
            {texts.toRegister}
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
