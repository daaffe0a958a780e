import { Alert, Button, Checkbox, SegmentedControl, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconPlus } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { useMutation } from 'urql';
import {
  WEBHOOK_EVENTS_OF_SCOPE,
  webhookEndpointInputSchema,
  type WebhookEventType,
  type WebhookScope,
} from '../../../../../domain/webhooks/webhook.schemas';
import { useErrorsAfterSubmit } from '../../../shared/forms';
import { graphqlFailureOf } from '../../../shared/graphql/graphql-errors';
import { CreateWebhookEndpointMutation } from '../webhooks.documents';
import { webhooksMessages as texts } from '../webhooks.messages';

type Values = { url: string; scope: WebhookScope; eventTypes: WebhookEventType[] };

// The same rules as the server's (domain/webhooks/webhook.schemas.ts); the server also checks
// where the address leads.
const validate = zod4Resolver(webhookEndpointInputSchema, { errorPriority: 'first' });

/** Adds an endpoint: its address, whose events (admins) and which events; answers the secret. */
export function EndpointForm({ admin, onCreated }: { admin: boolean; onCreated: (secret: string) => void }) {
  const [{ fetching }, create] = useMutation(CreateWebhookEndpointMutation);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<Values>({
    initialValues: { url: '', scope: 'AUTHOR', eventTypes: ['sale.completed'] },
    validate,
    clearInputErrorOnChange: false,
  });
  const errors = useErrorsAfterSubmit(form);
  const scope = form.values.scope;
  const labels = scope === 'SITE' ? texts.siteEventLabels : texts.eventLabels;

  const submit = async (values: Values) => {
    setFailure(null);
    const answer = await create(
      { input: { url: values.url.trim(), scope: values.scope, eventTypes: values.eventTypes } },
      { additionalTypenames: ['WebhookEndpoint'] },
    );
    if (answer.error || !answer.data) {
      const refused = answer.error ? graphqlFailureOf(answer.error) : null;
      if (refused?.code === 'BAD_USER_INPUT' && refused.field === 'url')
        errors.setServerError('url', refused.message);
      else setFailure(refused?.message ?? texts.add.failed);
      return;
    }
    onCreated(answer.data.createWebhookEndpoint.secret);
  };

  const chooseScope = (value: string) => {
    const next = value === 'SITE' ? 'SITE' : 'AUTHOR';
    form.setValues({
      scope: next,
      eventTypes: form.values.eventTypes.filter((type) => WEBHOOK_EVENTS_OF_SCOPE[next].includes(type)),
    });
  };

  return (
    <form onSubmit={errors.onSubmit(submit)} noValidate aria-label={texts.add.title}>
      <Stack gap="md">
        <TextInput
          label={texts.add.url}
          description={texts.add.urlHint}
          placeholder={texts.add.urlPlaceholder}
          required
          type="url"
          autoComplete="off"
          {...form.getInputProps('url')}
        />
        {admin ? (
          <Stack gap={6}>
            <Text size="sm" fw={500} id="webhook-scope-label">
              {texts.add.scope}
            </Text>
            <SegmentedControl
              aria-labelledby="webhook-scope-label"
              value={scope}
              onChange={chooseScope}
              data={(['AUTHOR', 'SITE'] as const).map((value) => ({ value, label: texts.add.scopes[value] }))}
              maw={280}
            />
          </Stack>
        ) : null}
        <Checkbox.Group label={texts.add.events} required {...form.getInputProps('eventTypes')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" mt={6}>
            {WEBHOOK_EVENTS_OF_SCOPE[scope].map((type) => (
              <Checkbox key={type} value={type} label={labels[type]} description={type} />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        {failure ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert">
            {failure}
          </Alert>
        ) : null}
        <div>
          <Button type="submit" loading={fetching} leftSection={<IconPlus size={16} />}>
            {texts.add.submit}
          </Button>
        </div>
      </Stack>
    </form>
  );
}
