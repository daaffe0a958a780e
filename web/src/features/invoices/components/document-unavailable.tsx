import { Alert, Button, Group } from '@mantine/core';
import { IconAlertCircle, IconLogin } from '@tabler/icons-react';
import { ListLoadError } from '../../../shared/listing';
import sheet from '../../../shared/printable-sheet/printable-sheet.module.css';
import { openAuthModal } from '../../../shared/session';
import { DetailSkeleton } from '../../../shared/ui';
import { invoicesMessages as texts } from '../invoices.messages';
import type { Fetched } from '../lib/tax-document-api';

/** Why a document cannot be shown (yet): signed out, not found, not loaded, or still loading. */
export function DocumentUnavailable({
  fetched,
  onRetry,
}: {
  fetched: Fetched<unknown> | null;
  onRetry: () => void;
}) {
  if (fetched && !fetched.ok && fetched.status === 401)
    return (
      <Alert color="blue" variant="light" icon={<IconLogin aria-hidden />} className={sheet.toolbar}>
        <Group justify="space-between">
          <span>{texts.logIn}</span>
          <Button size="xs" onClick={() => openAuthModal('login')}>
            {texts.logInButton}
          </Button>
        </Group>
      </Alert>
    );
  if (fetched && !fetched.ok && fetched.status === 404)
    return (
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertCircle aria-hidden />}
        role="alert"
        className={sheet.toolbar}
      >
        {texts.notFound}
      </Alert>
    );
  if (fetched) return <ListLoadError message={texts.loadFailed} onRetry={onRetry} />;
  return <DetailSkeleton label={texts.loading} />;
}
