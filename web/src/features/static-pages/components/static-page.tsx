import type { ReactNode } from 'react';
import { Box, Container, Divider, Stack, Text, Title } from '@mantine/core';
import { IconCalendarEvent } from '@tabler/icons-react';
import { formatDate } from '../lib/format';
import { SITE_NAME } from '../site';

interface StaticPageProps {
  title: string;
  /** A short lead paragraph under the title. */
  lead?: ReactNode;
  /** ISO date (`2022-04-03`) of the current version, shown as "Last updated: 03. 04. 2022". */
  lastUpdated?: string;
  children: ReactNode;
}

/** Shared chrome of the static pages: document title, page heading, date and a readable column. */
export function StaticPage({ title, lead, lastUpdated, children }: StaticPageProps) {
  return (
    <Container size={800} w="100%" py={{ base: 'lg', sm: 'xl' }} px="md">
      <title>{`${title} | ${SITE_NAME}`}</title>
      <Box component="header" mb="xl">
        <Title order={1} fz={{ base: 28, sm: 40 }} lh={1.15}>
          {title}
        </Title>
        {lastUpdated ? (
          <Text c="dimmed" size="sm" mt="xs" display="flex" style={{ alignItems: 'center', gap: 6 }}>
            <IconCalendarEvent size={16} aria-hidden />
            <span>
              Last updated: <time dateTime={lastUpdated}>{formatDate(lastUpdated)}</time>
            </span>
          </Text>
        ) : null}
        {lead ? (
          <Text size="lg" mt="md" lh={1.6}>
            {lead}
          </Text>
        ) : null}
        <Divider mt="lg" />
      </Box>
      <Stack gap="xl">{children}</Stack>
    </Container>
  );
}
