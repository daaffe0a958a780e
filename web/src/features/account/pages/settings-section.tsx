import { Card, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './settings-page.module.css';

/** One titled card of the settings page; `id` lets a link (a mail's, a notice's) jump to it. */
export function SettingsSection({
  title,
  description,
  id,
  children,
}: {
  title: string;
  description?: ReactNode;
  id?: string;
  children: ReactNode;
}) {
  return (
    <Card withBorder padding="xl" className={classes.card} component="section" aria-label={title} id={id}>
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} size="h4">
            {title}
          </Title>
          {description ? (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          ) : null}
        </Stack>
        {children}
      </Stack>
    </Card>
  );
}
