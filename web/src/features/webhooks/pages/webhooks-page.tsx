import { Alert, Card, List, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useQuery } from 'urql';
import { hasAllRoles, useSession } from '../../../shared/session';
import { PageContainer } from '../../../shared/ui';
import { EndpointCard } from '../components/endpoint-card';
import { EndpointForm } from '../components/endpoint-form';
import { SecretReveal } from '../components/secret-reveal';
import { MyWebhookEndpointsQuery, SiteWebhookEndpointsQuery } from '../webhooks.documents';
import { webhooksMessages as texts } from '../webhooks.messages';

const context = { additionalTypenames: ['WebhookEndpoint'] };

/** Settings → Webhooks (docs/webhooks.md): add endpoints, the secret once, their logs and actions. */
export function WebhooksPage() {
  const { user } = useSession();
  const admin = user !== null && hasAllRoles(user.roles, ['admin']);
  const [mine] = useQuery({ query: MyWebhookEndpointsQuery, context });
  const [site] = useQuery({ query: SiteWebhookEndpointsQuery, pause: !admin, context });
  const [secret, setSecret] = useState<string | null>(null);
  // A fresh form after each endpoint added: its empty address is not flagged as an error.
  const [formKey, setFormKey] = useState(0);
  const created = (newSecret: string) => {
    setSecret(newSecret);
    setFormKey((key) => key + 1);
  };

  return (
    <PageContainer title={texts.title} description={texts.description}>
      <Stack gap="lg">
        <Card withBorder padding="xl" component="section" aria-label={texts.add.title}>
          <Stack gap="md">
            <Title order={2} size="h4">
              {texts.add.title}
            </Title>
            <EndpointForm key={formKey} admin={admin} onCreated={created} />
          </Stack>
        </Card>

        <Stack gap="sm" component="section" aria-label={texts.mine}>
          <Title order={2} size="h4">
            {texts.mine}
          </Title>
          {mine.error && !mine.data ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert">
              {texts.loadFailed}
            </Alert>
          ) : !mine.data ? (
            <Skeleton h={120} radius="md" aria-label={texts.loading} />
          ) : mine.data.myWebhookEndpoints.length === 0 ? (
            <Text c="dimmed">{texts.none}</Text>
          ) : (
            mine.data.myWebhookEndpoints.map((endpoint) => (
              <EndpointCard key={endpoint.id} endpoint={endpoint} onSecret={setSecret} />
            ))
          )}
        </Stack>

        {admin ? (
          <Stack gap="sm" component="section" aria-label={texts.site}>
            <Title order={2} size="h4">
              {texts.site}
            </Title>
            <Text size="sm" c="dimmed">
              {texts.siteHint}
            </Text>
            {site.data?.siteWebhookEndpoints.length === 0 ? <Text c="dimmed">{texts.none}</Text> : null}
            {site.data?.siteWebhookEndpoints.map((endpoint) => (
              <EndpointCard key={endpoint.id} endpoint={endpoint} onSecret={setSecret} />
            ))}
          </Stack>
        ) : null}

        <Alert variant="light" color="gray" icon={<IconInfoCircle />} title={texts.howTitle}>
          <List size="sm" spacing={4}>
            {texts.how.map((line) => (
              <List.Item key={line}>{line}</List.Item>
            ))}
          </List>
        </Alert>
      </Stack>
      <SecretReveal secret={secret} onClose={() => setSecret(null)} />
    </PageContainer>
  );
}
