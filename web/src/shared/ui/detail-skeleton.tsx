import { Card, Grid, Group, Skeleton, Stack, VisuallyHidden } from '@mantine/core';

/** The shape of a detail page (gallery on the left, card on the right) while it loads. */
export function DetailSkeleton({ label }: { label: string }) {
  return (
    <Grid gap="xl" aria-busy="true" role="status">
      <VisuallyHidden>{label}</VisuallyHidden>
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Skeleton radius="md" style={{ aspectRatio: '16 / 9' }} />
        <Group gap="sm" mt="sm" wrap="nowrap">
          {[0, 1, 2, 3].map((index) => (
            <Skeleton key={index} radius="sm" h={64} style={{ flex: 1 }} />
          ))}
        </Group>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Card withBorder radius="md" padding="lg">
          <Stack gap="md">
            <Skeleton h={28} w="80%" />
            <Skeleton h={14} w="50%" />
            <Skeleton h={14} />
            <Skeleton h={14} />
            <Skeleton h={14} w="70%" />
            <Skeleton h={40} mt="sm" radius="md" />
          </Stack>
        </Card>
      </Grid.Col>
    </Grid>
  );
}
