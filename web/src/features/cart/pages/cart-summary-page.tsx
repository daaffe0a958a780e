import { Alert, Anchor, Button, Card, Grid, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle, IconShoppingCartOff, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { formatPrice } from '../../../shared/format';
import { ListLoadError } from '../../../shared/listing';
import { EmptyState, PageContainer } from '../../../shared/ui';
import { cartMessages } from '../cart.messages';
import { CartLines } from '../components/cart-lines';
import { CheckoutForm } from '../components/checkout-form';
import { useCartItems } from '../hooks/use-cart-items';
import type { DroppedItems } from '../hooks/use-cart-items';
import { cartWithChoices, lineKey, type LineChoice } from '../lib/cart-choices';
import { fetchCheckoutConfig } from '../lib/checkout-api';
import type { CheckoutConfig } from '../lib/checkout-api';
import classes from './cart-summary-page.module.css';

/** The payment options the server offers (GET /api/checkout/config). */
function useCheckoutConfig() {
  const [config, setConfig] = useState<CheckoutConfig | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    fetchCheckoutConfig(controller.signal)
      .then(setConfig)
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('The checkout configuration could not be loaded', error);
        setFailed(true);
      });
    return () => controller.abort();
  }, []);
  return { config, failed };
}

function joinTitles(titles: readonly string[]): string {
  return titles.map((title) => `“${title}”`).join(', ');
}

function DroppedNotice({ dropped }: { dropped: DroppedItems }) {
  const texts = cartMessages.dropped;
  const lines = [
    dropped.owned.length > 0 ? texts.owned(joinTitles(dropped.owned)) : null,
    dropped.own.length > 0 ? texts.own(joinTitles(dropped.own)) : null,
    dropped.free.length > 0 ? texts.free(joinTitles(dropped.free)) : null,
    dropped.bundleOnly.length > 0 ? texts.bundleOnly(joinTitles(dropped.bundleOnly)) : null,
    dropped.unavailable > 0 ? texts.unavailable(dropped.unavailable) : null,
  ].filter((line): line is string => line !== null);
  if (lines.length === 0) return null;
  return (
    <Alert variant="light" color="yellow" icon={<IconInfoCircle />} title={texts.title} role="status">
      <Stack gap={4}>
        {lines.map((line) => (
          <Text key={line} size="sm">
            {line}
          </Text>
        ))}
      </Stack>
    </Alert>
  );
}

function EmptyCart({ dropped }: { dropped: DroppedItems }) {
  return (
    <PageContainer title={cartMessages.title} eyebrow={cartMessages.eyebrow} size="md">
      <Stack gap="lg">
        <DroppedNotice dropped={dropped} />
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
      </Stack>
    </PageContainer>
  );
}

/** The cart and checkout (spec 2.12), open to visitors and regular users. */
export function CartSummaryPage() {
  const cart = useCartItems();
  const { config, failed: configFailed } = useCheckoutConfig();
  // Tips and chosen prices per line, for this visit of the page (the stored cart keeps ids only).
  const [choices, setChoices] = useState<Record<string, LineChoice>>({});
  // The discount code the server's quote applied, and what it takes off the total.
  const [code, setCode] = useState<{ code: string; cents: number } | null>(null);
  const priced = cartWithChoices(
    cart.lines.map((line) => ({
      kind: line.kind,
      id: line.id,
      title: line.item.title,
      price: line.item.price,
      payWhatYouWant: line.item.payWhatYouWant,
    })),
    choices,
  );

  if (cart.empty) return <EmptyCart dropped={cart.dropped} />;

  const count = cart.lines.length;
  const has2020 = cart.lines.some((line) => line.item.type === 'TM2020');

  let items;
  if (cart.loading) {
    items = (
      <Stack gap="md" role="status" aria-label={cartMessages.loading} py="md">
        {[0, 1].map((index) => (
          <Group key={index} gap="md" wrap="nowrap">
            <Skeleton w={160} h={90} radius="sm" />
            <Stack gap={8} style={{ flex: 1 }}>
              <Skeleton h={14} w="30%" />
              <Skeleton h={20} w="70%" />
              <Skeleton h={14} w="40%" />
            </Stack>
          </Group>
        ))}
      </Stack>
    );
  } else if (cart.error) {
    items = <ListLoadError message={cartMessages.loadFailed} onRetry={cart.retry} />;
  } else {
    items = (
      <CartLines
        lines={cart.lines}
        onRemove={(line) => cart.remove(line.kind, line.id)}
        choices={choices}
        checked={priced.checked}
        onChoice={(line, choice) => setChoices((before) => ({ ...before, [lineKey(line)]: choice }))}
      />
    );
  }

  return (
    <PageContainer
      title={cartMessages.title}
      eyebrow={cartMessages.eyebrow}
      description={cartMessages.description}
    >
      <Grid gap="xl" align="flex-start">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="lg">
            <DroppedNotice dropped={cart.dropped} />
            <Card withBorder padding="lg" className={classes.panel}>
              <Group justify="space-between" align="center" gap="md" mb="xs">
                <Stack gap={0}>
                  <Text size="xs" c="dimmed" tt="uppercase" fw={700} lts="0.08em">
                    {cartMessages.inYourCart}
                  </Text>
                  <Title order={2} size="h3">
                    {cart.loading ? '\u00a0' : cartMessages.itemCount(count)}
                  </Title>
                </Stack>
                <Button
                  variant="subtle"
                  color="gray"
                  size="compact-sm"
                  leftSection={<IconTrash size={14} aria-hidden />}
                  onClick={cart.clear}
                >
                  {cartMessages.clear}
                </Button>
              </Group>
              {items}
            </Card>
            {cart.overlaps.map((overlap) => (
              <Alert
                key={`${overlap.skin}-${overlap.bundle}`}
                variant="light"
                color="yellow"
                icon={<IconAlertTriangle />}
              >
                {cartMessages.skinInBundle(overlap.skin, overlap.bundle)}
              </Alert>
            ))}
            {has2020 ? (
              <Alert
                variant="light"
                color="electric"
                icon={<IconInfoCircle />}
                title={cartMessages.clubAccessTitle}
              >
                <Text size="sm">
                  {cartMessages.clubAccessText}{' '}
                  <Anchor component={Link} to="/installation-guide?game=tm2020" inherit fw={600}>
                    {cartMessages.clubAccessGuide}
                  </Anchor>
                </Text>
              </Alert>
            ) : null}
          </Stack>
        </Grid.Col>

        <Grid.Col span={{ base: 12, md: 5 }}>
          <Card withBorder padding="lg" className={`${classes.panel} ${classes.checkout}`}>
            {cart.loading ? null : (
              <dl className={classes.summary}>
                <div>
                  <dt>{cartMessages.trust.subtotal(count)}</dt>
                  <dd>{formatPrice(priced.subtotalCents / 100)}</dd>
                </div>
                {priced.tipsCents > 0 ? (
                  <div>
                    <dt>{cartMessages.trust.tips}</dt>
                    <dd>{formatPrice(priced.tipsCents / 100)}</dd>
                  </div>
                ) : null}
                {code ? (
                  <div data-testid="cart-code">
                    <dt>{cartMessages.form.codeApplied(code.code)}</dt>
                    <dd>−{formatPrice(code.cents / 100)}</dd>
                  </div>
                ) : null}
                <div>
                  <dt>{cartMessages.trust.fees}</dt>
                  <dd>{cartMessages.trust.feesIncluded}</dd>
                </div>
              </dl>
            )}
            <Group justify="space-between" align="flex-end" mb="md" className={classes.total}>
              <Stack gap={0}>
                <Text size="xs" c="dimmed" tt="uppercase" fw={700} lts="0.08em">
                  {cartMessages.total}
                </Text>
                <Text size="xs" c="dimmed">
                  {cartMessages.totalHint}
                </Text>
              </Stack>
              {cart.loading ? (
                <Skeleton h={36} w={120} />
              ) : (
                <Text className={classes.totalAmount} aria-live="polite">
                  {formatPrice((priced.totalCents - (code?.cents ?? 0)) / 100)}
                </Text>
              )}
            </Group>
            <Title order={2} size="h4" mb={4}>
              {cartMessages.form.title}
            </Title>
            <CheckoutForm
              config={config}
              configFailed={configFailed}
              items={cart.ids}
              choices={priced.valid ? priced.request : null}
              totalCents={priced.totalCents - (code?.cents ?? 0)}
              ready={!cart.loading && !cart.error && count > 0}
              onItemsRefused={cart.retry}
              onCodeApplied={setCode}
            />
          </Card>
        </Grid.Col>
      </Grid>
    </PageContainer>
  );
}
