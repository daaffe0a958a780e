import { Alert, Button, Card, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { PageContainer } from '../../../shared/ui';
import { authMessages } from '../auth.messages';

const texts = authMessages.resetPassword;

// Spec 5: both fields at least 8 characters and equal.
const resetPasswordSchema = z
  .object({
    password: z.string().min(8, texts.tooShort),
    confirmation: z.string().min(8, texts.tooShort),
  })
  .refine((values) => values.password === values.confirmation, {
    path: ['confirmation'],
    message: texts.mismatch,
  });

type ResetPasswordValues = z.infer<typeof resetPasswordSchema>;

type SubmitState = { kind: 'idle' } | { kind: 'sending' } | { kind: 'error'; message: string };

/** /reset-password?c={code}: sets a new password with the code from the email (spec 2.9). */
export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const code = searchParams.get('c') ?? '';
  const navigate = useNavigate();
  const [state, setState] = useState<SubmitState>({ kind: 'idle' });
  const form = useForm<ResetPasswordValues>({
    initialValues: { password: '', confirmation: '' },
    validate: zod4Resolver(resetPasswordSchema),
  });

  const submit = async (values: ResetPasswordValues) => {
    setState({ kind: 'sending' });
    let response: Response;
    try {
      response = await fetch('/api/auth/reset-password', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ code, password: values.password }),
      });
    } catch {
      setState({ kind: 'error', message: texts.unreachable });
      return;
    }
    if (response.status < 400) {
      notifications.show({ color: 'teal', message: texts.success });
      void navigate('/skins');
      return;
    }
    if (response.status === 404 || response.status === 410) {
      const message = response.status === 404 ? texts.notFound : texts.alreadyUsed;
      notifications.show({ color: 'red', message });
      setState({ kind: 'error', message });
      return;
    }
    setState({ kind: 'error', message: texts.failed(response.status) });
  };

  return (
    <PageContainer title={texts.title} eyebrow={texts.eyebrow} description={texts.description} size="xs">
      <Card withBorder padding="xl">
        <form onSubmit={form.onSubmit((values) => void submit(values))} noValidate>
          <Stack gap="md">
            {!code ? (
              <Alert color="yellow" variant="light" icon={<IconAlertCircle />}>
                {texts.missingCode}
              </Alert>
            ) : null}
            {state.kind === 'error' ? (
              <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert">
                {state.message}
              </Alert>
            ) : null}
            <PasswordInput
              label={texts.newPassword}
              autoComplete="new-password"
              required
              {...form.getInputProps('password')}
            />
            <PasswordInput
              label={texts.confirmation}
              autoComplete="new-password"
              required
              {...form.getInputProps('confirmation')}
            />
            <Button type="submit" loading={state.kind === 'sending'} disabled={!code} mt="sm">
              {texts.submit}
            </Button>
          </Stack>
        </form>
      </Card>
    </PageContainer>
  );
}
