import { Alert, Button, Card, Group, Loader, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useSession } from '../../../shared/session';
import { PageContainer } from '../../../shared/ui';
import { authMessages } from '../auth.messages';
import { refreshSessionCookie, verifyEmail } from '../lib/auth-api';

const texts = authMessages.verifyEmail;

type VerifyState =
  { kind: 'verifying' } | { kind: 'verified'; joined: number } | { kind: 'error'; message: string };

/**
 * /verify-email?t={token}: opens the link of the verification mail. The page posts the token (a
 * mail scanner that only fetches the link verifies nothing); a signed-in visitor's session is
 * refreshed so the "verify your email" notice goes away.
 */
export function VerifyEmailPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('t') ?? '';
  const { user, startSession } = useSession();
  const [state, setState] = useState<VerifyState>(
    token ? { kind: 'verifying' } : { kind: 'error', message: texts.missingToken },
  );
  // One request per page, also under React's doubled effects in development.
  const sent = useRef(false);

  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    void (async () => {
      const answer = await verifyEmail(token);
      if (answer.ok) {
        const body = JSON.parse(answer.text) as { guestOrdersJoined?: number };
        setState({ kind: 'verified', joined: body.guestOrdersJoined ?? 0 });
        if (user && (await refreshSessionCookie()).ok) startSession();
        return;
      }
      if (answer.status === 0) {
        setState({ kind: 'error', message: authMessages.unreachable });
        return;
      }
      if (answer.status === 429) {
        setState({ kind: 'error', message: authMessages.tooManyTries });
        return;
      }
      setState({ kind: 'error', message: answer.refusal?.message ?? texts.failed(answer.status) });
    })();
  }, [token, user, startSession]);

  return (
    <PageContainer title={texts.title} eyebrow={texts.eyebrow} description={texts.description} size="xs">
      <Card withBorder padding="xl">
        {state.kind === 'verifying' ? (
          <Group gap="sm" role="status">
            <Loader size="sm" />
            <Text>{texts.verifying}</Text>
          </Group>
        ) : state.kind === 'verified' ? (
          <Stack gap="md">
            <Alert color="teal" variant="light" icon={<IconCircleCheck />} role="status">
              {texts.verified}
              {state.joined > 0 ? ` ${texts.joined(state.joined)}` : ''}
            </Alert>
            <Group>
              {user ? (
                <Button component={Link} to="/me/collection">
                  {texts.toCollection}
                </Button>
              ) : null}
              <Button component={Link} to="/skins" variant="default">
                {texts.toSkins}
              </Button>
            </Group>
          </Stack>
        ) : (
          <Stack gap="md">
            <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert">
              {state.message}
            </Alert>
            {user ? (
              <Button component={Link} to="/me/settings" variant="default">
                {texts.toSettings}
              </Button>
            ) : null}
          </Stack>
        )}
      </Card>
    </PageContainer>
  );
}
