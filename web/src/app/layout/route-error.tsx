import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { appMessages } from '../app.messages';

/** Shown when a page fails to render or its code cannot be loaded (for example after a deploy). */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <Container size="sm" py={96}>
      <Stack align="center" gap="md" ta="center">
        <IconAlertTriangle size={48} stroke={1.5} color="var(--mantine-color-magenta-4)" aria-hidden />
        <Title order={1}>{appMessages.error.title}</Title>
        <Text c="dimmed">{appMessages.error.text}</Text>
        <Group>
          <Button onClick={() => window.location.reload()}>{appMessages.error.reload}</Button>
          <Button component="a" href="/" variant="default">
            {appMessages.error.home}
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
