import { Card, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './editor-section.module.css';

/** One titled block of an editor form. */
export function EditorSection({
  title,
  description,
  children,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card withBorder padding="lg" component="section" aria-label={title} className={classes.section}>
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} className={classes.title}>
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
