import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { listingMessages as messages } from './listing.messages';

/**
 * A failed list or page query: an error with a retry button, rather than an empty state that would
 * wrongly say that nothing matches.
 */
export function ListLoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert">
      <Group justify="space-between" gap="sm">
        <Text size="sm">{message}</Text>
        <Button size="xs" variant="default" onClick={onRetry}>
          {messages.retry}
        </Button>
      </Group>
    </Alert>
  );
}
