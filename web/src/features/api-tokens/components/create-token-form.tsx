import { Alert, Button, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconKey } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { useMutation } from 'urql';
import {
  API_TOKEN_NAME_MAX,
  createApiTokenSchema,
  grantableScopes,
  isAdminScope,
  SCOPE_DESCRIPTIONS,
  type ApiTokenScope,
  type CreateApiTokenInput,
} from '../../../../../domain/api-tokens/api-token.schemas';
import { useErrorsAfterSubmit } from '../../../shared/forms';
import { graphqlFailureOf } from '../../../shared/graphql/graphql-errors';
import { apiTokensMessages } from '../api-tokens.messages';
import { CreateApiTokenMutation } from '../lib/api-tokens.documents';

const texts = apiTokensMessages.create;
/** The list asks again once a token is created. */
const CHANGES_TOKENS = { additionalTypenames: ['ApiToken'] };
// The API's own rule (domain/api-tokens/api-token.schemas.ts), run by the form before it asks.
const validate = zod4Resolver(createApiTokenSchema, { errorPriority: 'first' });

function ScopeBoxes({ scopes }: { scopes: ApiTokenScope[] }) {
  return scopes.map((scope) => (
    <Checkbox key={scope} value={scope} label={scope} description={SCOPE_DESCRIPTIONS[scope]} />
  ));
}

/** The name and scopes of a new token; admin scopes are offered to admins only (the server checks again). */
export function CreateTokenForm({
  roles,
  onCreated,
}: {
  roles: readonly string[];
  onCreated: (secret: string) => void;
}) {
  const [{ fetching }, create] = useMutation(CreateApiTokenMutation);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<CreateApiTokenInput>({
    initialValues: { name: '', scopes: [] },
    validate,
    clearInputErrorOnChange: false,
  });
  const errors = useErrorsAfterSubmit(form);
  const offered = grantableScopes(roles);
  const plain = offered.filter((scope) => !isAdminScope(scope));
  const admin = offered.filter(isAdminScope);

  const submit = async (values: CreateApiTokenInput) => {
    setFailure(null);
    const result = await create({ input: createApiTokenSchema.parse(values) }, CHANGES_TOKENS);
    if (result.error || !result.data) {
      const refusal = result.error ? graphqlFailureOf(result.error) : null;
      if (refusal?.code === 'BAD_USER_INPUT' && refusal.field && refusal.field in values) {
        errors.setServerError(refusal.field, refusal.message);
      } else {
        setFailure(refusal?.message ?? texts.failed);
      }
      return;
    }
    form.reset();
    onCreated(result.data.createApiToken.secret);
  };

  return (
    <form onSubmit={errors.onSubmit(submit)} noValidate>
      <Stack gap="md">
        <TextInput
          label={texts.name}
          description={texts.nameHint}
          placeholder={texts.namePlaceholder}
          maxLength={API_TOKEN_NAME_MAX}
          required
          {...form.getInputProps('name')}
        />
        <Checkbox.Group
          label={texts.scopes}
          description={texts.scopesHint}
          required
          {...form.getInputProps('scopes')}
        >
          <Stack gap="xs" mt="xs">
            <ScopeBoxes scopes={plain} />
            {admin.length > 0 ? (
              <>
                <Text size="sm" fw={600} mt="xs">
                  {texts.adminScopes}
                </Text>
                <ScopeBoxes scopes={admin} />
              </>
            ) : null}
          </Stack>
        </Checkbox.Group>
        {failure ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert">
            {failure}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" loading={fetching} leftSection={<IconKey size={16} aria-hidden />}>
            {texts.submit}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
