import { EmptyState as MantineEmptyState } from '@mantine/core';
import type { ReactNode } from 'react';

export interface EmptyStateProps {
  /** The message, e.g. the spec's 'There are no items in your shopping cart.' */
  message: ReactNode;
  title?: ReactNode;
  icon?: ReactNode;
  /** Buttons or links that lead on. */
  actions?: ReactNode;
}

/** What a list or page shows when there is nothing in it. */
export function EmptyState({ message, title, icon, actions }: EmptyStateProps) {
  return (
    <MantineEmptyState
      py={56}
      px="md"
      size="lg"
      icon={icon}
      withIndicatorBackground={Boolean(icon)}
      title={title}
      description={message}
      styles={{ description: { fontSize: 'var(--mantine-font-size-md)' } }}
    >
      {actions ? <MantineEmptyState.Actions mt="sm">{actions}</MantineEmptyState.Actions> : null}
    </MantineEmptyState>
  );
}
