import { Card, Group, SimpleGrid, Skeleton, Stack, VisuallyHidden } from '@mantine/core';

/** The payout card, the table and the charts while they load. */
export function PayoutDetailSkeleton({ label }: { label: string }) {
  return (
    <Stack gap="lg" role="status" aria-busy="true">
      <VisuallyHidden>{label}</VisuallyHidden>
      <Card withBorder padding="lg">
        <Group justify="space-between" align="flex-start">
          <Stack gap="xs">
            <Skeleton h={26} w={90} />
            <Skeleton h={14} w={280} />
          </Stack>
          <Stack gap="xs" align="flex-end">
            <Skeleton h={12} w={100} />
            <Skeleton h={34} w={150} />
          </Stack>
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 4 }} mt="xl">
          {[0, 1, 2, 3].map((index) => (
            <Stack key={index} gap={6}>
              <Skeleton h={10} w="60%" />
              <Skeleton h={16} w="80%" />
            </Stack>
          ))}
        </SimpleGrid>
      </Card>
      <Card withBorder padding="md">
        <Stack gap="sm">
          {[0, 1, 2, 3].map((index) => (
            <Skeleton key={index} h={40} />
          ))}
        </Stack>
      </Card>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <Skeleton h={280} radius="md" />
        <Skeleton h={280} radius="md" />
      </SimpleGrid>
    </Stack>
  );
}
