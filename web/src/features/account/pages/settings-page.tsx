import { PageContainer } from '../../../shared/ui';
import { accountMessages } from '../account.messages';

const settings = accountMessages.settings;

/** Avatar, news subscription, social fields and payout details (spec 2.11). */
export function SettingsPage() {
  return <PageContainer title={settings.title} description={settings.description} />;
}
