import { Alert, Badge, Button, Card, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconLogout2, IconMailForward } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { postJson } from '../../../shared/http';
import { endSession, useSession } from '../../../shared/session';
import classes from './settings-page.module.css';

// The security part of the settings: proving the email and ending every session.
export const securityMessages = {
  title: 'Email and sessions',
  description: 'Keep your account yours: confirm your email and end sessions you no longer use.',
  email: 'Email',
  verified: 'Verified',
  unverified: 'Not verified',
  unverifiedHelp:
    'Open the link we mailed you to confirm this address. Skins bought with it without an account join your collection once it is confirmed.',
  resend: 'Send a new verification link',
  resendFailed: (status: number) => `The mail could not be sent (error ${status}). Try again later.`,
  tooMany: 'You asked for several verification mails already. Please wait a while and check your inbox.',
  signOutTitle: 'Sign out everywhere',
  signOutHelp:
    'Ends every session of your account: on this device and any other browser, phone or computer. Changing your password does this too.',
  signOutButton: 'Sign out everywhere',
  signOutConfirm: 'Sign out on every device, this one included?',
  signOutCancel: 'Cancel',
  signedOut: 'You are signed out everywhere. Sign in again to continue.',
  signOutFailed: (status: number) => `Could not sign out everywhere (error ${status}).`,
} as const;

const texts = securityMessages;

/** Email verification state with a resend button, and "sign out everywhere". */
export function SettingsSecuritySection() {
  const { user, startSession } = useSession();
  const navigate = useNavigate();
  const [sending, setSending] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const unverified = user !== null && !user.emailVerified;

  // The email may have been verified in another browser: a fresh token brings the current state.
  useEffect(() => {
    if (!unverified) return;
    void postJson('/api/auth/refresh', {}).then((answer) => {
      if (answer.ok) startSession();
    });
  }, [unverified, startSession]);

  if (!user) return null;

  const resend = async () => {
    setSending(true);
    setFailure(null);
    const answer = await postJson('/api/auth/resend-verification', {});
    setSending(false);
    if (answer.ok) {
      notifications.show({ color: 'teal', message: answer.text });
    } else if (answer.status === 409) {
      // Verified meanwhile: take the new state into the session.
      if ((await postJson('/api/auth/refresh', {})).ok) startSession();
    } else if (answer.status === 429) {
      setFailure(texts.tooMany);
    } else {
      setFailure(answer.refusal?.message ?? texts.resendFailed(answer.status));
    }
  };

  const signOutEverywhere = async () => {
    setSigningOut(true);
    const answer = await postJson('/api/auth/sign-out-everywhere', {});
    setSigningOut(false);
    setConfirming(false);
    if (!answer.ok && answer.status !== 401) {
      setFailure(texts.signOutFailed(answer.status));
      return;
    }
    endSession();
    void navigate('/');
    notifications.show({ color: 'electric', message: texts.signedOut });
  };

  return (
    <Card
      withBorder
      padding="xl"
      className={classes.card}
      component="section"
      aria-label={texts.title}
      id="email-verification"
    >
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} size="h4">
            {texts.title}
          </Title>
          <Text size="sm" c="dimmed">
            {texts.description}
          </Text>
        </Stack>
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Stack gap={2}>
            <Text size="sm" c="dimmed">
              {texts.email}
            </Text>
            <Group gap="xs">
              <Text fw={600}>{user.email}</Text>
              <Badge color={unverified ? 'yellow' : 'teal'} variant="light">
                {unverified ? texts.unverified : texts.verified}
              </Badge>
            </Group>
          </Stack>
          {unverified ? (
            <Button
              variant="light"
              leftSection={<IconMailForward size={18} />}
              loading={sending}
              onClick={() => void resend()}
            >
              {texts.resend}
            </Button>
          ) : null}
        </Group>
        {unverified ? (
          <Text size="sm" c="dimmed">
            {texts.unverifiedHelp}
          </Text>
        ) : null}
        {failure ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert">
            {failure}
          </Alert>
        ) : null}
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Stack gap={2} maw={520}>
            <Text fw={600}>{texts.signOutTitle}</Text>
            <Text size="sm" c="dimmed">
              {texts.signOutHelp}
            </Text>
          </Stack>
          <Button
            color="red"
            variant="light"
            leftSection={<IconLogout2 size={18} />}
            onClick={() => setConfirming(true)}
          >
            {texts.signOutButton}
          </Button>
        </Group>
      </Stack>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={texts.signOutTitle} centered>
        <Stack gap="md">
          <Text>{texts.signOutConfirm}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {texts.signOutCancel}
            </Button>
            <Button color="red" loading={signingOut} onClick={() => void signOutEverywhere()}>
              {texts.signOutButton}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}
