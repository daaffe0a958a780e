import { Alert, Anchor, Badge, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import {
  IconAlertCircle,
  IconBook2,
  IconDownload,
  IconReceiptOff,
  IconSearch,
  IconUserPlus,
} from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useQuery } from 'urql';
import { thankForPurchase } from '../../../shared/cart';
import { formatDate, formatPrice } from '../../../shared/format';
import type {
  GameType,
  OrderConfirmationQuery as OrderConfirmationResult,
} from '../../../shared/graphql/generated/graphql';
import { InstallHelper } from '../../../shared/install';
import { ordersMessages, PaymentStatusBadge, vatLine } from '../../../shared/orders';
import { useRefreshOwnership } from '../../../shared/ownership';
import { openAuthModal, useSession } from '../../../shared/session';
import { EmptyState, PageContainer, PageLoader } from '../../../shared/ui';
import { ConsentRecord, WithdrawalConsentPanel, withdrawalMessages } from '../../../shared/withdrawal';
import { cartMessages } from '../cart.messages';
import { OrderConfirmationQuery } from '../lib/cart.documents';
import { ItemPicture } from '../components/item-picture';
import classes from './order-confirmation-page.module.css';

const texts = cartMessages.confirmation;

type Confirmation = OrderConfirmationResult['orderConfirmation'];
type ConfirmationItem = Confirmation['items'][number];

/** A payment the provider has not confirmed yet: the page asks again. */
const AWAITING = new Set(['BEFORE_CHECKOUT', 'PAYMENT_ON_THE_WAY', 'PAYMENT_PENDING']);
const POLL_MS = 2_000;
/** About half a minute of asking; then the page says it takes longer and offers to check again. */
const POLL_ATTEMPTS = 15;

function LinkedItemPicture({ item }: { item: ConfirmationItem }) {
  const product = item.skin ?? item.bundle;
  const src = product?.thumbnail?.cardUrl;
  const alt = texts.previewAlt(item.name);
  const picture = <ItemPicture kind={item.itemType === 'BUNDLE' ? 'bundle' : 'skin'} src={src} alt={alt} />;
  if (!product) return picture;
  return (
    <Link to={`/${item.itemType === 'BUNDLE' ? 'bundles' : 'skins'}/${product.url}`} tabIndex={-1}>
      {picture}
    </Link>
  );
}

function Amount({ label, value, strong = false }: { label: string; value: number; strong?: boolean }) {
  return (
    <div className={classes.amount}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={strong ? 700 : 500}>{formatPrice(value)}</Text>
    </div>
  );
}

function ItemRow({ item, paid, waiting }: { item: ConfirmationItem; paid: boolean; waiting: boolean }) {
  const product = item.skin ?? item.bundle;
  const kind = item.itemType === 'BUNDLE' ? ordersMessages.bundle : ordersMessages.skin;
  return (
    <li className={classes.item}>
      <LinkedItemPicture item={item} />
      <Stack gap={6} className={classes.details}>
        <Text size="xs" c="dimmed" tt="uppercase" fw={700} lts="0.06em">
          {kind}
        </Text>
        {product ? (
          <Anchor
            component={Link}
            to={`/${item.itemType === 'BUNDLE' ? 'bundles' : 'skins'}/${product.url}`}
            fw={700}
            size="lg"
          >
            {item.name}
          </Anchor>
        ) : (
          <Text fw={700} size="lg">
            {item.name}
          </Text>
        )}
        <Group gap="lg" wrap="wrap">
          {item.regularPrice !== null && item.reductions.length > 0 ? (
            <Amount label={texts.regularPrice} value={item.regularPrice} />
          ) : null}
          {item.reductions.map((reduction) => (
            <div
              key={`${reduction.source}-${reduction.label}`}
              className={classes.amount}
              data-testid="order-reduction"
            >
              <Text size="xs" c="dimmed">
                {texts.reduction(reduction.label, reduction.source)}
              </Text>
              <Text fw={500} c="teal.4">
                −{formatPrice(reduction.amount)}
              </Text>
            </div>
          ))}
          <Amount label={texts.price} value={item.price} />
          {item.tip > 0 ? <Amount label={texts.tip} value={item.tip} /> : null}
          <Amount label={texts.lineTotal} value={item.total} strong />
        </Group>
        {waiting ? (
          <Badge color="yellow" variant="light" size="lg" w="fit-content">
            {withdrawalMessages.waitingBadge}
          </Badge>
        ) : null}
        {paid && item.downloads.length > 0 ? (
          <Stack gap={6} mt={4}>
            {item.itemType === 'BUNDLE' ? (
              <Text size="sm" c="dimmed">
                {texts.bundleSkins(item.downloads.length)}
              </Text>
            ) : null}
            <Group gap="xs" wrap="wrap">
              {item.downloads.map((download) => (
                <Button
                  key={download.skinId}
                  component="a"
                  href={download.downloadUrl}
                  download
                  leftSection={<IconDownload size={16} aria-hidden />}
                  aria-label={texts.downloadSkin(download.title)}
                  variant={item.itemType === 'BUNDLE' ? 'light' : 'filled'}
                >
                  {item.itemType === 'BUNDLE' ? download.title : texts.download}
                </Button>
              ))}
            </Group>
          </Stack>
        ) : null}
      </Stack>
    </li>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700} lts="0.06em">
        {label}
      </Text>
      <div className={classes.factValue}>{children}</div>
    </div>
  );
}

/** The games of the order's skins and bundles, each once: the install helper shows each one's folder. */
function gamesOf(order: Confirmation): GameType[] {
  const games = order.items.flatMap((item) => [item.skin?.type, item.bundle?.type]);
  return [...new Set(games.filter((game): game is GameType => game != null))];
}

/** What a guest or member reads beside the order: where the links are, the guide, an account. */
function NextSteps({ order }: { order: Confirmation }) {
  const { user } = useSession();
  return (
    <Stack gap="md">
      {order.guest ? (
        <Text size="sm">{texts.guestLinks}</Text>
      ) : (
        <Group gap="sm" justify="space-between">
          <Text size="sm">{texts.memberLinks}</Text>
          {user ? (
            <Button component={Link} to="/me/collection" variant="light" size="sm">
              {texts.openCollection}
            </Button>
          ) : null}
        </Group>
      )}
      <Card withBorder padding="md" className={classes.panel}>
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <IconBook2 size={22} aria-hidden className={classes.noteIcon} />
          <Stack gap="md" style={{ flex: 1, minWidth: 0 }}>
            <Title order={2} size="h5">
              {texts.installTitle}
            </Title>
            {gamesOf(order).map((game) => (
              <InstallHelper key={game} game={game} />
            ))}
          </Stack>
        </Group>
      </Card>
      {order.guest && !user ? (
        <Card withBorder padding="md" className={classes.panel}>
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <IconUserPlus size={22} aria-hidden className={classes.noteIcon} />
            <Stack gap={6} align="flex-start">
              <Title order={2} size="h5">
                {texts.joinTitle}
              </Title>
              <Text size="sm">{texts.joinText(order.buyerEmail)}</Text>
              <Button variant="light" size="sm" onClick={() => openAuthModal('register', order.buyerEmail)}>
                {texts.joinButton}
              </Button>
            </Stack>
          </Group>
        </Card>
      ) : null}
    </Stack>
  );
}

/**
 * The order's page after paying, for guests too (the key in the address lets them read it): the
 * order number, status, items with their amounts and, once the payment is confirmed, a Download
 * button per skin. While the provider's confirmation is on its way it asks again every 2 s for
 * about half a minute. On the first sight of the paid order it thanks the buyer and empties the cart.
 */
export function OrderConfirmationPage() {
  const { externalId = '' } = useParams();
  const [search] = useSearchParams();
  const key = search.get('k');
  const [result, reexecute] = useQuery({
    query: OrderConfirmationQuery,
    variables: { externalId, key },
    requestPolicy: 'network-only',
  });
  const order = result.data?.orderConfirmation ?? null;
  const awaiting = order !== null && AWAITING.has(order.paymentStatus);
  const paid = order?.paymentStatus === 'PAYMENT_RECEIVED';
  // Paid without the consent to immediate delivery: the downloads wait for it (docs/withdrawal.md).
  const waiting = order?.withdrawal.awaitingConsent ?? false;
  const [attempts, setAttempts] = useState(0);
  const refreshOwnership = useRefreshOwnership();
  const thanked = useRef(false);

  useEffect(() => {
    if (!awaiting || result.fetching || attempts >= POLL_ATTEMPTS) return;
    const timer = window.setTimeout(() => {
      setAttempts((count) => count + 1);
      reexecute({ requestPolicy: 'network-only' });
    }, POLL_MS);
    return () => window.clearTimeout(timer);
  }, [awaiting, result.fetching, attempts, reexecute]);

  useEffect(() => {
    if (!paid || thanked.current) return;
    thanked.current = true;
    if (thankForPurchase({ toast: false })) void refreshOwnership();
  }, [paid, refreshOwnership]);

  if (!order) {
    if (result.fetching || (!result.data && !result.error)) return <PageLoader />;
    const missing = result.error?.graphQLErrors.some((error) => error.extensions?.code === 'NOT_FOUND');
    return (
      <PageContainer title={texts.documentTitle(externalId)} size="md">
        {missing ? (
          <EmptyState
            icon={<IconSearch size={28} aria-hidden />}
            title={texts.notFoundTitle}
            message={texts.notFoundText}
            actions={
              <Button component={Link} to="/skins" variant="light">
                {cartMessages.exploreSkins}
              </Button>
            }
          />
        ) : (
          <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{texts.loadFailed}</Text>
              <Button size="xs" variant="light" onClick={() => reexecute({ requestPolicy: 'network-only' })}>
                {texts.retry}
              </Button>
            </Stack>
          </Alert>
        )}
      </PageContainer>
    );
  }

  let title: string = texts.paidTitle;
  if (awaiting) title = texts.confirmingTitle;
  else if (order.paymentStatus === 'CANCELLED') title = texts.cancelledTitle;
  else if (order.paymentStatus === 'REFUNDED') title = texts.refundedTitle;

  return (
    <PageContainer
      title={title}
      eyebrow={texts.eyebrow(order.externalId)}
      description={
        paid
          ? waiting
            ? texts.mailSentWaiting(order.buyerEmail)
            : texts.mailSent(order.buyerEmail)
          : awaiting
            ? texts.mailSoon(order.buyerEmail)
            : undefined
      }
      size="lg"
    >
      <Stack gap="lg">
        {awaiting ? (
          <Alert
            color="yellow"
            variant="light"
            icon={attempts < POLL_ATTEMPTS ? <Loader size={18} color="yellow" /> : <IconAlertCircle />}
            role="status"
          >
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{attempts < POLL_ATTEMPTS ? texts.confirmingText : texts.slowText}</Text>
              {attempts >= POLL_ATTEMPTS ? (
                <Button
                  size="xs"
                  variant="light"
                  color="yellow"
                  onClick={() => {
                    setAttempts(0);
                    reexecute({ requestPolicy: 'network-only' });
                  }}
                >
                  {texts.checkAgain}
                </Button>
              ) : null}
            </Stack>
          </Alert>
        ) : null}
        {order.paymentStatus === 'CANCELLED' ? (
          <Alert color="red" variant="light" icon={<IconReceiptOff />}>
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{texts.cancelledText}</Text>
              <Button component={Link} to="/cart/summary" size="xs" variant="light" color="red">
                {texts.backToCart}
              </Button>
            </Stack>
          </Alert>
        ) : null}
        {order.paymentStatus === 'REFUNDED' ? (
          <Alert color="gray" variant="light" icon={<IconReceiptOff />}>
            {texts.refundedText}
          </Alert>
        ) : null}

        {waiting ? (
          <WithdrawalConsentPanel
            externalId={order.externalId}
            orderKey={key}
            totalPrice={order.totalPrice}
            withdrawal={order.withdrawal}
            where="CONFIRMATION_PAGE"
            onChanged={() => {
              reexecute({ requestPolicy: 'network-only' });
              void refreshOwnership();
            }}
          />
        ) : null}

        <Card withBorder padding="lg" className={classes.panel}>
          <div className={classes.facts}>
            <Fact label={texts.orderNumber}>
              <Text fw={700} ff="monospace">
                {order.externalId}
              </Text>
            </Fact>
            <Fact label={texts.placedOn}>
              <Text>{formatDate(order.createdAt)}</Text>
            </Fact>
            <Fact label={texts.paymentMethod}>
              <Text>{ordersMessages.paymentType[order.paymentType]}</Text>
            </Fact>
            <Fact label={texts.status}>
              <PaymentStatusBadge status={order.paymentStatus} />
            </Fact>
          </div>

          <Title order={2} size="h4" mt="lg">
            {texts.items}
          </Title>
          <ul className={classes.items}>
            {order.items.map((item) => (
              <ItemRow key={item.id} item={item} paid={paid} waiting={waiting} />
            ))}
          </ul>
          {order.discountCode ? (
            <Group justify="space-between" data-testid="order-code">
              <Text size="sm">{texts.codeSaved(order.discountCode.code)}</Text>
              <Text size="sm" fw={600} c="teal.4">
                −{formatPrice(order.discountCode.reduction)}
              </Text>
            </Group>
          ) : null}
          <Group justify="space-between" className={classes.total}>
            <Text fw={700}>{paid ? texts.total : texts.orderTotal}</Text>
            <Text fw={800} size="xl">
              {formatPrice(order.totalPrice)}
            </Text>
          </Group>
          {order.vat ? (
            <Text size="sm" c="dimmed" ta="right" data-testid="order-vat">
              {vatLine(order.vat)}
            </Text>
          ) : null}
        </Card>

        {paid && order.withdrawal.consentGivenAt ? (
          <ConsentRecord givenAt={order.withdrawal.consentGivenAt} />
        ) : null}
        {paid && !waiting ? <NextSteps order={order} /> : null}
      </Stack>
    </PageContainer>
  );
}
