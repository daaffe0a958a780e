import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { registerSchema } from '../../../../../domain/accounts/account.schemas';
import { useErrorsAfterSubmit } from '../../../shared/forms';
import { closeAuthModal, decodeSessionToken, useSession } from '../../../shared/session';
import { CountrySelect } from '../../../shared/ui/country-select';
import { useSuggestedCountry } from '../../../shared/ui/suggested-country';
import { authMessages } from '../auth.messages';
import { register } from '../lib/auth-api';
import type { AuthModeSwitch } from './auth-mode-switch';

const texts = authMessages.register;

type RegisterValues = {
  username: string;
  email: string;
  password: string;
  country: string | null;
  subscribedToNews: boolean;
  /** Not sent: it only enables the Register button (spec 5). */
  terms: boolean;
};

const FIELDS = ['username', 'email', 'password', 'country', 'subscribedToNews'] as const;

function registerInput(values: RegisterValues) {
  return { ...values, country: values.country ?? '' };
}

// Spec 5: username 4-40 without whitespace, a valid email, password of at least 8, a country.
const resolve = zod4Resolver(registerSchema, { errorPriority: 'first' });
const validate = (values: RegisterValues) => resolve(registerInput(values));

type Failure = 'too-many' | 'unreachable' | 'other' | null;

function NewTabLink({ to, children }: { to: string; children: string }) {
  return (
    <Anchor component={Link} to={to} target="_blank" rel="noopener" inherit fw={600}>
      {children}
      <VisuallyHidden> {authMessages.opensInNewTab}</VisuallyHidden>
    </Anchor>
  );
}

export function RegisterForm({
  onSwitch,
  initialEmail = '',
}: {
  onSwitch: AuthModeSwitch;
  /** An email the page already knows (a guest buyer's), or what was typed in the login form. */
  initialEmail?: string;
}) {
  const { startSession } = useSession();
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<Failure>(null);
  const firstField = useRef<HTMLInputElement>(null);
  const form = useForm<RegisterValues>({
    initialValues: {
      username: '',
      email: initialEmail.includes('@') ? initialEmail : '',
      password: '',
      // Preselected from the visitor's address or language once the server answers, with a note.
      country: null,
      subscribedToNews: false,
      terms: false,
    },
    validate,
    clearInputErrorOnChange: false,
  });
  const errors = useErrorsAfterSubmit(form);
  const countryGuess = useSuggestedCountry({
    value: form.values.country,
    set: (country) => form.setFieldValue('country', country),
  });

  useEffect(() => firstField.current?.focus(), []);

  const submit = async (values: RegisterValues) => {
    const input = registerSchema.parse(registerInput(values));
    setSending(true);
    setFailure(null);
    const answer = await register(input);
    setSending(false);
    const token = answer.text.trim();
    const user = answer.ok ? decodeSessionToken(token) : null;
    if (answer.ok && user && startSession()) {
      closeAuthModal();
      notifications.show({ color: 'teal', message: texts.welcome(user.username || input.username) });
      return;
    }
    // Decisions: the generic toast shows only when registration fails.
    notifications.show({ color: 'red', message: texts.failed });
    const field = answer.refusal?.field ?? null;
    const message = answer.refusal?.message ?? null;
    if (answer.status === 400) {
      if (field === 'username' && message) errors.setServerError('username', message);
      else errors.setServerError('email', texts.emailTaken);
    } else if (answer.status === 422 && field && (FIELDS as readonly string[]).includes(field)) {
      errors.setServerError(field, message ?? texts.failed);
    } else if (answer.status === 0) {
      setFailure('unreachable');
    } else if (answer.status === 429) {
      setFailure('too-many');
    } else {
      setFailure('other');
    }
  };

  const failureText =
    failure === 'too-many'
      ? authMessages.tooManyTries
      : failure === 'unreachable'
        ? authMessages.unreachable
        : texts.failed;

  return (
    <form onSubmit={errors.onSubmit(submit)} noValidate>
      <Stack gap="md">
        {failure ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert">
            {failureText}
          </Alert>
        ) : null}
        <TextInput
          ref={firstField}
          data-autofocus
          label={texts.username}
          description={texts.usernameHint}
          autoComplete="username"
          required
          maxLength={40}
          {...form.getInputProps('username')}
        />
        <TextInput
          type="email"
          label={texts.email}
          autoComplete="email"
          required
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label={texts.password}
          description={texts.passwordHint}
          autoComplete="new-password"
          required
          {...form.getInputProps('password')}
        />
        <CountrySelect
          label={texts.country}
          placeholder={texts.countryPlaceholder}
          autoComplete="off"
          required
          guessNote={countryGuess}
          {...form.getInputProps('country')}
        />
        <Checkbox label={texts.news} {...form.getInputProps('subscribedToNews', { type: 'checkbox' })} />
        <Checkbox
          label={
            <>
              {texts.termsBefore}
              <NewTabLink to="/terms-of-service">{texts.terms}</NewTabLink>
              {texts.termsBetween}
              <NewTabLink to="/privacy">{texts.privacy}</NewTabLink>
              {texts.termsAfter}
            </>
          }
          {...form.getInputProps('terms', { type: 'checkbox' })}
        />
        <Stack gap={6} mt="xs">
          <Button
            type="submit"
            loading={sending}
            disabled={!form.values.terms}
            fullWidth
            aria-describedby={form.values.terms ? undefined : 'register-terms-needed'}
          >
            {texts.submit}
          </Button>
          {form.values.terms ? null : (
            <Text id="register-terms-needed" size="xs" c="dimmed" ta="center">
              {texts.termsNeeded}
            </Text>
          )}
        </Stack>
        <Text size="sm" ta="center" c="dimmed">
          {texts.haveAccount}{' '}
          <Anchor component="button" type="button" inherit fw={700} onClick={() => onSwitch('login')}>
            {texts.toLogin}
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
