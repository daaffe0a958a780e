import { Alert, Anchor, Button, Card, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { resetPasswordFormSchema } from '../../../../../domain/accounts/account.schemas';
import { useErrorsAfterSubmit } from '../../../shared/forms';
import { openAuthModal } from '../../../shared/session';
import { PageContainer } from '../../../shared/ui';
import { authMessages } from '../auth.messages';
import { resetPassword } from '../lib/auth-api';

const texts = authMessages.resetPassword;

type ResetPasswordValues = { password: string; confirmation: string };

// Spec 5: both fields at least 8 characters and equal; flagged after the first submit attempt.
const validate = zod4Resolver(resetPasswordFormSchema, { errorPriority: 'first' });

type SubmitState = { kind: 'idle' } | { kind: 'sending' } | { kind: 'error'; message: string };

/** /reset-password?c={code}: sets a new password with the code from the email (spec 2.9). */
export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const code = searchParams.get('c') ?? '';
  const navigate = useNavigate();
  const [state, setState] = useState<SubmitState>({ kind: 'idle' });
  const form = useForm<ResetPasswordValues>({
    initialValues: { password: '', confirmation: '' },
    validate,
    clearInputErrorOnChange: false,
  });
  const errors = useErrorsAfterSubmit(form);

  const submit = async (values: ResetPasswordValues) => {
    setState({ kind: 'sending' });
    const answer = await resetPassword(code, values.password);
    if (answer.ok) {
      notifications.show({ color: 'teal', message: texts.success });
      void navigate('/skins');
      return;
    }
    if (answer.status === 0) {
      setState({ kind: 'error', message: authMessages.unreachable });
      return;
    }
    // Spec 8: 404 and 410 have their toasts; any other status of 400 or more is an error state only.
    if (answer.status === 404 || answer.status === 410) {
      const message = answer.status === 404 ? texts.notFound : texts.alreadyUsed;
      notifications.show({ color: 'red', message });
      setState({ kind: 'error', message });
      return;
    }
    if (answer.status === 422 && answer.refusal?.field === 'password' && answer.refusal.message) {
      errors.setServerError('password', answer.refusal.message);
      setState({ kind: 'idle' });
      return;
    }
    setState({ kind: 'error', message: texts.failed(answer.status) });
  };

  return (
    <PageContainer title={texts.title} eyebrow={texts.eyebrow} description={texts.description} size="xs">
      <Card withBorder padding="xl">
        <form onSubmit={errors.onSubmit(submit)} noValidate>
          <Stack gap="md">
            {!code ? (
              <Alert color="yellow" variant="light" icon={<IconAlertCircle />}>
                {texts.missingCode}{' '}
                <Anchor
                  component="button"
                  type="button"
                  inherit
                  fw={700}
                  onClick={() => openAuthModal('forgot-password')}
                >
                  {texts.askAgain}
                </Anchor>
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
