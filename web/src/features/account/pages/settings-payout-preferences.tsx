import { Alert, Button, Group, NumberInput, Radio, Skeleton, Stack, Switch, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useEffect, useState } from 'react';
import { useMutation, useQuery } from 'urql';
import {
  payoutPreferencesInputSchema,
  PAYOUT_SCHEDULES,
  type PayoutPreferencesInput,
} from '../../../../../domain/payouts/payout-preferences';
import { useErrorsAfterSubmit } from '../../../shared/forms';
import { graphqlFailureOf } from '../../../shared/graphql/graphql-errors';
import {
  MyPayoutOverviewQuery,
  UpdateMyPayoutPreferencesMutation,
} from '../../../shared/payouts/payout-preferences.documents';
import { payoutsMessages } from '../../../shared/payouts/payouts.messages';
import { accountMessages } from '../account.messages';
import { SettingsSection } from './settings-section';

const texts = accountMessages.settings.payoutPreferences;
// The API's own rule (domain/payouts/payout-preferences.ts), run by the form before it asks.
const validate = zod4Resolver(payoutPreferencesInputSchema, { errorPriority: 'first' });

function PreferencesForm({ initial }: { initial: PayoutPreferencesInput }) {
  const [{ fetching }, update] = useMutation(UpdateMyPayoutPreferencesMutation);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<PayoutPreferencesInput>({
    initialValues: initial,
    validate,
    clearInputErrorOnChange: false,
  });
  const errors = useErrorsAfterSubmit(form);

  const submit = async (values: PayoutPreferencesInput) => {
    setFailure(null);
    const result = await update({ input: payoutPreferencesInputSchema.parse(values) });
    if (result.error || !result.data) {
      const refusal = result.error ? graphqlFailureOf(result.error) : null;
      if (refusal?.code === 'BAD_USER_INPUT' && refusal.field && refusal.field in values) {
        errors.setServerError(refusal.field, refusal.message);
      } else {
        setFailure(refusal?.message ?? texts.failed);
      }
      return;
    }
    form.resetDirty();
    notifications.show({ color: 'teal', message: texts.saved });
  };

  return (
    <form onSubmit={errors.onSubmit(submit)} noValidate>
      <Stack gap="md">
        <Radio.Group
          label={texts.schedule}
          description={texts.scheduleHint}
          {...form.getInputProps('schedule')}
        >
          <Stack gap={8} mt="xs">
            {PAYOUT_SCHEDULES.map((schedule) => (
              <Radio key={schedule} value={schedule} label={payoutsMessages.schedule[schedule]} />
            ))}
          </Stack>
        </Radio.Group>
        <NumberInput
          label={texts.threshold}
          description={texts.thresholdHint}
          suffix=" €"
          decimalScale={2}
          decimalSeparator=","
          thousandSeparator=" "
          min={50}
          max={10_000}
          // Not clamped: an amount out of bounds gets the schema's message instead of changing silently.
          clampBehavior="none"
          maw={320}
          {...form.getInputProps('threshold')}
        />
        <Switch
          label={texts.held}
          description={texts.heldHint}
          {...form.getInputProps('held', { type: 'checkbox' })}
        />
        {failure ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert">
            {failure}
          </Alert>
        ) : null}
        <Group>
          <Button type="submit" loading={fetching}>
            {texts.submit}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The author's payout threshold, schedule and hold (docs/payouts.md "Payout preferences"). */
export function SettingsPayoutPreferencesSection() {
  const [result] = useQuery({ query: MyPayoutOverviewQuery });
  useEffect(() => {
    if (result.error) console.error('myPayoutOverview failed', result.error);
  }, [result.error]);
  const preferences = result.data?.myPayoutOverview.preferences;
  return (
    <SettingsSection title={texts.title} description={texts.description} id="payout-preferences">
      {preferences ? (
        <PreferencesForm
          initial={{
            threshold: preferences.threshold,
            schedule: preferences.schedule,
            held: preferences.held,
          }}
        />
      ) : result.error ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert">
          {texts.loadFailed}
        </Alert>
      ) : (
        <Skeleton h={180} radius="md" />
      )}
      <Text size="xs" c="dimmed">
        {texts.footnote}
      </Text>
    </SettingsSection>
  );
}
