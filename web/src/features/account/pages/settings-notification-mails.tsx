import { Alert, SegmentedControl, Skeleton, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconMailOff } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useMutation, useQuery } from 'urql';
import type { DigestFrequency } from '../../../shared/graphql/generated/graphql';
import { useSession } from '../../../shared/session';
import { MyDigestFrequencyQuery, SetDigestFrequencyMutation } from '../lib/notification-mails.documents';
import { notificationMailsMessages as texts } from '../notification-mails.messages';
import { SettingsSection } from './settings-section';

const FREQUENCIES: DigestFrequency[] = ['OFF', 'DAILY', 'WEEKLY'];
const isFrequency = (value: string): value is DigestFrequency => (FREQUENCIES as string[]).includes(value);

/** Off / Daily / Weekly for the notification digest, saved as soon as it is chosen. */
export function SettingsNotificationMailsSection() {
  const { user } = useSession();
  const [result] = useQuery({ query: MyDigestFrequencyQuery, pause: !user });
  const [{ fetching: saving }, setDigestFrequency] = useMutation(SetDigestFrequencyMutation);
  const stored = result.data?.myUser.digestFrequency ?? null;
  const [chosen, setChosen] = useState<DigestFrequency | null>(stored);
  const [failed, setFailed] = useState(false);
  useEffect(() => setChosen(stored), [stored]);
  useEffect(() => {
    if (result.error) console.error('digestFrequency failed', result.error);
  }, [result.error]);

  if (!user) return null;

  const choose = async (value: string) => {
    if (!isFrequency(value) || value === chosen) return;
    const before = chosen;
    setChosen(value);
    setFailed(false);
    const answer = await setDigestFrequency({ frequency: value });
    if (answer.error || !answer.data) {
      console.error('setDigestFrequency failed', answer.error);
      setChosen(before);
      setFailed(true);
      return;
    }
    notifications.show({
      color: 'teal',
      message: texts.saved[answer.data.setDigestFrequency.digestFrequency],
    });
  };

  return (
    <SettingsSection title={texts.title} description={texts.description} id="notification-mails">
      {chosen === null ? (
        result.error ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert">
            {texts.failed}
          </Alert>
        ) : (
          <Skeleton h={36} maw={320} radius="md" />
        )
      ) : (
        <Stack gap={6}>
          <Text size="sm" fw={500} id="digest-frequency-label">
            {texts.label}
          </Text>
          <SegmentedControl
            aria-labelledby="digest-frequency-label"
            value={chosen}
            onChange={(value) => void choose(value)}
            disabled={saving}
            data={FREQUENCIES.map((value) => ({ value, label: texts.options[value] }))}
            maw={360}
          />
          <Text size="sm" c="dimmed" role="status">
            {texts.hint[chosen]}
          </Text>
        </Stack>
      )}
      {chosen !== null && chosen !== 'OFF' && !user.emailVerified ? (
        <Alert color="yellow" variant="light" icon={<IconMailOff />}>
          {texts.unverified}
        </Alert>
      ) : null}
      {failed ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert">
          {texts.failed}
        </Alert>
      ) : null}
    </SettingsSection>
  );
}
