import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle, IconShoppingCartOff, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useCart } from '../../../shared/cart';
import { EmptyState, PageContainer } from '../../../shared/ui';
import { cartMessages } from '../cart.messages';

/** The cart and checkout (spec 2.12), open to visitors and regular users. */
export function CartSummaryPage() {
  const { items, count, clear } = useCart();

  if (count === 0) {
    return (
      <PageContainer title={cartMessages.title} eyebrow={cartMessages.eyebrow} size="md">
        <Card withBorder padding="xl">
          <EmptyState
            icon={<IconShoppingCartOff stroke={1.5} />}
            message={cartMessages.empty}
            actions={
              <>
                <Button component={Link} to="/skins">
                  {cartMessages.exploreSkins}
                </Button>
                <Button component={Link} to="/bundles" variant="default">
                  {cartMessages.exploreBundles}
                </Button>
              </>
            }
          />
        </Card>
      </PageContainer>
    );
  }

  return (
    <PageContainer title={cartMessages.title} eyebrow={cartMessages.eyebrow} size="md">
      <Stack gap="lg">
        <Card withBorder padding="xl">
          <Group justify="space-between" align="center" gap="md">
            <Stack gap={4}>
              <Text size="sm" c="dimmed" tt="uppercase" fw={700} lts="0.08em">
                {cartMessages.inYourCart}
              </Text>
              <Title order={2}>{cartMessages.itemCount(count)}</Title>
              <Text c="dimmed">
                {[
                  items.skins.length > 0 ? cartMessages.skinCount(items.skins.length) : null,
                  items.bundles.length > 0 ? cartMessages.bundleCount(items.bundles.length) : null,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </Text>
            </Stack>
            <Button variant="default" leftSection={<IconTrash size={16} aria-hidden />} onClick={clear}>
              {cartMessages.clear}
            </Button>
          </Group>
        </Card>
        <Alert
          variant="light"
          color="electric"
          icon={<IconInfoCircle />}
          title={cartMessages.clubAccessTitle}
        >
          {cartMessages.clubAccessText}
        </Alert>
      </Stack>
    </PageContainer>
  );
}
