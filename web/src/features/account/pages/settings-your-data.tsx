import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertCircle, IconDownload, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { downloadWithToken } from '../../../shared/http';
import { getSessionToken } from '../../../shared/session';
import { SettingsSection } from './settings-section';

// Settings → Your data (docs/account-deletion.md): the archive of one's data, and the way to the deletion page.
export const yourDataSectionMessages = {
  title: 'Your data',
  description:
    'Download a copy of everything the site keeps about you, or delete your account (GDPR Art. 15, 17 and 20).',
  download: 'Download your data',
  downloadHelp:
    'One zip archive of JSON and CSV files with a README: your profile, orders and invoices, downloads, ratings, comments, follows, wishlist, notifications, payouts and statements, API tokens and webhooks (never their secrets). Up to 5 times an hour.',
  downloadFailed: (status: number) =>
    `The archive could not be made (error ${status}). Try again in a moment.`,
  delete: 'Delete your account…',
} as const;

export function SettingsYourDataSection() {
  const texts = yourDataSectionMessages;
  const [downloading, setDownloading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const download = async () => {
    setDownloading(true);
    setFailure(null);
    const answer = await downloadWithToken('/api/me/data-export', getSessionToken(), 'trackskins-data.zip');
    setDownloading(false);
    if (!answer.ok) setFailure(answer.message ?? texts.downloadFailed(answer.status));
  };

  return (
    <SettingsSection title={texts.title} description={texts.description} id="your-data">
      <Text size="sm" c="dimmed">
        {texts.downloadHelp}
      </Text>
      {failure ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert">
          {failure}
        </Alert>
      ) : null}
      <Group>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          loading={downloading}
          onClick={() => void download()}
        >
          {texts.download}
        </Button>
        <Button
          component={Link}
          to="/me/settings/delete-account"
          color="red"
          variant="subtle"
          leftSection={<IconTrash size={16} aria-hidden />}
        >
          {texts.delete}
        </Button>
      </Group>
    </SettingsSection>
  );
}
