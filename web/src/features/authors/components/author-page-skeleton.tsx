import { Card, Group, SimpleGrid, Skeleton, Stack, VisuallyHidden } from '@mantine/core';
import { SkinCardSkeleton } from '../../../shared/skin-card';

/** The shape of an author's page while it loads. */
export function AuthorPageSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-busy="true">
      <VisuallyHidden>{label}</VisuallyHidden>
      <Card withBorder padding="xl" aria-hidden>
        <Group gap="xl" wrap="nowrap" align="flex-start">
          <Skeleton circle h={132} w={132} />
          <Stack gap="sm" style={{ flex: 1 }}>
            <Skeleton h={14} w={80} />
            <Skeleton h={36} w="40%" />
            <Skeleton h={14} w="55%" />
            <Skeleton h={14} w="80%" />
          </Stack>
        </Group>
      </Card>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg" mt={56} aria-hidden>
        {[0, 1, 2].map((index) => (
          <SkinCardSkeleton key={index} />
        ))}
      </SimpleGrid>
    </div>
  );
}
