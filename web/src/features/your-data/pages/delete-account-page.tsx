import {
  Alert,
  Anchor,
  Button,
  Card,
  Checkbox,
  List,
  PasswordInput,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconAlertTriangle, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useMutation, useQuery } from 'urql';
import { formatAmount } from '../../../shared/format';
import { graphqlFailureOf } from '../../../shared/graphql/graphql-errors';
import { postJson } from '../../../shared/http';
import { endSession } from '../../../shared/session';
import { BackLink, PageContainer } from '../../../shared/ui';
import { AccountDeletionPreviewQuery, DeleteMyAccountMutation } from '../lib/your-data.documents';
import { yourDataMessages } from '../your-data.messages';

const texts = yourDataMessages.page;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder padding="xl" component="section" aria-label={title}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

type FieldErrors = { username?: string; password?: string; giveUpEarnings?: string };

/**
 * /me/settings/delete-account: what a deletion does (what goes, what the law keeps, what stays
 * anonymous), then the confirmation by username and password (docs/account-deletion.md).
 */
export function DeleteAccountPage() {
  const [{ data, fetching, error }] = useQuery({
    query: AccountDeletionPreviewQuery,
    requestPolicy: 'network-only',
  });
  const [{ fetching: deleting }, deleteAccount] = useMutation(DeleteMyAccountMutation);
  const navigate = useNavigate();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [giveUpEarnings, setGiveUpEarnings] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const preview = data?.myAccountDeletionPreview;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const missing: FieldErrors = {
      ...(username.trim() === '' ? { username: 'Type your username.' } : {}),
      ...(password === '' ? { password: 'Type your password.' } : {}),
    };
    setFieldErrors(missing);
    if (Object.keys(missing).length > 0) return;
    const result = await deleteAccount({ input: { username, password, giveUpEarnings } });
    if (result.error || !result.data) {
      const refusal = result.error ? graphqlFailureOf(result.error) : null;
      if (
        refusal?.code === 'BAD_USER_INPUT' &&
        refusal.field &&
        ['username', 'password'].includes(refusal.field)
      ) {
        setFieldErrors({ [refusal.field]: refusal.message });
      } else {
        setFailure(refusal?.message ?? texts.failed);
      }
      return;
    }
    // The server ended every session already; the cookie goes too.
    await postJson('/api/auth/logout', {});
    endSession();
    void navigate('/');
    notifications.show({ color: 'electric', message: texts.deleted, autoClose: 10_000 });
  };

  return (
    <PageContainer title={texts.title} description={texts.description}>
      <Stack gap="lg">
        <BackLink to="/me/settings">{texts.back}</BackLink>
        {error && !data ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert">
            {texts.loadFailed}
          </Alert>
        ) : fetching || !preview ? (
          <Skeleton h={320} radius="md" aria-busy="true" />
        ) : (
          <>
            <Alert color="yellow" variant="light" icon={<IconAlertTriangle />}>
              {texts.exportFirst}{' '}
              <Anchor component={Link} to="/me/settings#your-data">
                {texts.exportLink}
              </Anchor>
            </Alert>
            <Section title={texts.goesTitle}>
              <List spacing="xs" size="sm">
                {texts.goes.map((line) => (
                  <List.Item key={line}>{line}</List.Item>
                ))}
              </List>
              <Text size="sm" c="dimmed">
                {texts.hidden}
              </Text>
            </Section>
            <Section title={texts.keptTitle}>
              <Text size="sm">{texts.kept(preview.invoices, preview.creditNotes, preview.payouts)}</Text>
            </Section>
            <Section title={texts.becomesTitle}>
              <Text size="sm">{texts.becomes(preview.comments, preview.ratings)}</Text>
              <Text size="sm">{texts.skins(preview.publishedSkins, preview.publishedBundles)}</Text>
            </Section>
            <Section title={texts.payoutsTitle}>
              <Text size="sm">
                {preview.earningsGivenUp > 0
                  ? texts.earningsGivenUp(formatAmount(preview.earningsGivenUp))
                  : texts.noEarnings}
              </Text>
            </Section>
            {preview.mustFinish.length > 0 ? (
              <Alert
                color="red"
                variant="light"
                icon={<IconAlertCircle />}
                title={texts.mustFinishTitle}
                role="alert"
              >
                <List spacing="xs" size="sm">
                  {preview.mustFinish.map((reason) => (
                    <List.Item key={reason}>{reason}</List.Item>
                  ))}
                </List>
              </Alert>
            ) : (
              <Section title={texts.confirmTitle}>
                <form onSubmit={(event) => void submit(event)} noValidate>
                  <Stack gap="md" maw={420}>
                    <Text size="sm" c="dimmed">
                      {texts.confirmHelp}
                    </Text>
                    <TextInput
                      label={texts.username}
                      autoComplete="username"
                      required
                      value={username}
                      error={fieldErrors.username}
                      onChange={(event) => setUsername(event.currentTarget.value)}
                    />
                    <PasswordInput
                      label={texts.password}
                      autoComplete="current-password"
                      required
                      value={password}
                      error={fieldErrors.password}
                      onChange={(event) => setPassword(event.currentTarget.value)}
                    />
                    {preview.earningsGivenUp > 0 ? (
                      <Checkbox
                        label={texts.giveUp(formatAmount(preview.earningsGivenUp))}
                        checked={giveUpEarnings}
                        onChange={(event) => setGiveUpEarnings(event.currentTarget.checked)}
                      />
                    ) : null}
                    {failure ? (
                      <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert">
                        {failure}
                      </Alert>
                    ) : null}
                    <Button
                      type="submit"
                      color="red"
                      loading={deleting}
                      leftSection={<IconTrash size={18} aria-hidden />}
                      w="fit-content"
                    >
                      {texts.submit}
                    </Button>
                  </Stack>
                </form>
              </Section>
            )}
          </>
        )}
      </Stack>
    </PageContainer>
  );
}
