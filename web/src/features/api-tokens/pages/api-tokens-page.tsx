import { Alert, Card, Code, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useQuery } from 'urql';
import { useSession } from '../../../shared/session';
import { BackLink, EmptyState, PageContainer } from '../../../shared/ui';
import { apiTokensMessages } from '../api-tokens.messages';
import { CreateTokenForm } from '../components/create-token-form';
import { NewTokenSecret } from '../components/new-token-secret';
import { TokensTable } from '../components/tokens-table';
import { MyApiTokensQuery } from '../lib/api-tokens.documents';
import classes from './api-tokens-page.module.css';

const texts = apiTokensMessages;
const LIST_CONTEXT = { additionalTypenames: ['ApiToken'] };

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder padding="xl" className={classes.card} component="section" aria-label={title}>
      <Stack gap="md">
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

/** /me/settings/api-tokens: create a token (its secret shown once), list and revoke them (docs/api-tokens.md). */
export function ApiTokensPage() {
  const { user } = useSession();
  const [{ data, fetching, error }] = useQuery({ query: MyApiTokensQuery, context: LIST_CONTEXT });
  const [secret, setSecret] = useState<string | null>(null);
  const tokens = data?.myApiTokens ?? [];

  return (
    <PageContainer title={texts.title} description={texts.description}>
      <Stack gap="lg">
        <BackLink to="/me/settings">{texts.back}</BackLink>
        <Section title={texts.create.title}>
          {secret ? (
            <NewTokenSecret secret={secret} onDone={() => setSecret(null)} />
          ) : (
            <CreateTokenForm roles={user?.roles ?? []} onCreated={setSecret} />
          )}
        </Section>
        <Section title={texts.list.title}>
          {error && !data ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert">
              {texts.list.loadFailed}
            </Alert>
          ) : fetching && !data ? (
            <Skeleton h={120} radius="md" aria-busy="true" />
          ) : tokens.length === 0 ? (
            <EmptyState title={texts.list.empty} message={texts.list.emptyHint} />
          ) : (
            <TokensTable tokens={tokens} />
          )}
        </Section>
        <Section title={texts.usage.title}>
          <Text size="sm">{texts.usage.intro}</Text>
          <Code block>{`curl -X POST ${window.location.origin}/graphql \\
  -H 'Authorization: Bearer tsk_…' \\
  -H 'Content-Type: application/json' \\
  -d '{"query":"{ earningsHistory { year month itemsSold earnings } }"}'`}</Code>
          <Text size="sm">{texts.usage.limit}</Text>
          <Text size="sm" c="dimmed">
            {texts.usage.reference}
          </Text>
        </Section>
      </Stack>
    </PageContainer>
  );
}
