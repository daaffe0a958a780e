import { Alert, Anchor, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconRosetteDiscount, IconStack2 } from '@tabler/icons-react';
import { Link } from 'react-router';
import { BundlePriceButton, bundleSavings } from '../../../shared/bundle-card';
import { askedPrice, SaleNote, SaleReferenceLine } from '../../../shared/sale';
import { formatDate, formatPrice } from '../../../shared/format';
import { ItemStatusBadges } from '../../../shared/item-card/item-status-badges';
import { ReportButton } from '../../../shared/moderation';
import { gameNames } from '../../../shared/skin-card';
import { UserAvatar } from '../../../shared/ui';
import { CountryFlag } from '../../../shared/ui/country-flag';
import { bundlesMessages as messages } from '../bundles.messages';
import infoCard from '../../../shared/ui/info-card.module.css';
import classes from './bundle-info-card.module.css';

import type { BundleDetail } from '../lib/use-bundle-viewer-state';
import { WishHeartButton } from '../../../shared/wishlist';

export type { BundleDetail };

/**
 * The bundle's card beside the gallery (spec 2.8): title, author, description, facts, the purchase
 * button and, when the skins cost more one by one, what the bundle saves.
 */
export function BundleInfoCard({ bundle }: { bundle: BundleDetail }) {
  const authorPath = `/authors/${encodeURIComponent(bundle.author.url)}`;
  const price = askedPrice(bundle);
  const savings = bundleSavings(price, bundle.skins);
  const description = bundle.description.trim();
  return (
    <Card withBorder padding="lg" className={infoCard.card}>
      <Stack gap="md">
        <Group gap="xs">
          <Badge
            variant="light"
            color="magenta"
            radius="sm"
            leftSection={<IconStack2 size={12} aria-hidden />}
          >
            {messages.bundleBadge}
          </Badge>
          <Badge variant="light" radius="sm">
            {gameNames[bundle.type].name}
          </Badge>
          <ItemStatusBadges published={bundle.published} takenDown={Boolean(bundle.takedown)} />
        </Group>

        <Title order={1} className={infoCard.title}>
          {bundle.title}
        </Title>

        <Group gap="sm" wrap="nowrap">
          <Link to={authorPath} tabIndex={-1} aria-hidden>
            <UserAvatar
              username={bundle.author.username}
              url={bundle.author.avatar?.url}
              radius="xl"
              size={44}
              decorative
            />
          </Link>
          <Stack gap={0} miw={0}>
            <Text size="xs" c="dimmed">
              {messages.by}
            </Text>
            <Group gap={6} wrap="nowrap" miw={0}>
              <CountryFlag code={bundle.author.country} size="0.95rem" />
              <Anchor component={Link} to={authorPath} className={infoCard.authorLink} truncate>
                {bundle.author.username}
              </Anchor>
            </Group>
          </Stack>
        </Group>

        {bundle.published ? null : (
          <Alert variant="light" color="magenta" p="xs">
            <Text size="sm">{messages.hiddenNote}</Text>
          </Alert>
        )}

        {description ? <Text className={infoCard.description}>{description}</Text> : null}

        <dl className={infoCard.meta}>
          <dt>{messages.game}</dt>
          <dd>{gameNames[bundle.type].name}</dd>
          <dt>{messages.published}</dt>
          <dd>
            <time dateTime={bundle.createdAt}>{formatDate(bundle.createdAt)}</time>
          </dd>
          <dt>{messages.skins}</dt>
          <dd>{bundle.skins.length}</dd>
          {savings > 0 ? (
            <>
              <dt>{messages.separately}</dt>
              <dd>
                <span className={classes.struck}>{formatPrice(price + savings)}</span>
              </dd>
            </>
          ) : null}
          <dt>{messages.price}</dt>
          <dd title={bundle.payWhatYouWant ? messages.payWhatYouWantHint : undefined}>
            {bundle.payWhatYouWant ? messages.priceAtLeast(price) : messages.priceValue(price)}
          </dd>
        </dl>
        {bundle.sale ? (
          <Stack gap={4}>
            <SaleNote sale={bundle.sale} />
            <SaleReferenceLine sale={bundle.sale} />
          </Stack>
        ) : null}

        <Group gap="sm" wrap="nowrap" align="center">
          <div style={{ flex: 1 }}>
            <BundlePriceButton bundle={bundle} size="lg" fullWidth />
          </div>
          {bundle.published ? (
            <WishHeartButton itemType="BUNDLE" itemId={bundle.id} title={bundle.title} size="xl" />
          ) : null}
        </Group>

        {savings > 0 ? (
          <div className={classes.savings}>
            <IconRosetteDiscount size={22} aria-hidden style={{ flexShrink: 0 }} />
            <Text size="sm">
              {messages.youSave} <span className={classes.savingsAmount}>{formatPrice(savings)}</span>
            </Text>
          </div>
        ) : null}

        {/* What players see (listed) can be reported; the author's own view has no Report. */}
        {bundle.published && !bundle.takedown ? (
          <ReportButton itemType="BUNDLE" itemId={bundle.id} authorId={bundle.author.id} />
        ) : null}
      </Stack>
    </Card>
  );
}
