import {
  Alert,
  Anchor,
  Avatar,
  Badge,
  Button,
  Card,
  Divider,
  Group,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconDownload, IconPencil } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { useQuery } from 'urql';
import { formatDate } from '../../../shared/format';
import { ItemStatusBadges } from '../../../shared/item-card/item-status-badges';
import { ReportButton } from '../../../shared/moderation';
import { useSession } from '../../../shared/session';
import type { GameType } from '../../../shared/graphql/generated/graphql';
import { InstallHelper, installMessages } from '../../../shared/install';
import { gameNames, SkinStars, useDownloadStarted } from '../../../shared/skin-card';
import { CountryFlag } from '../../../shared/ui/country-flag';
import { skinsMessages as messages } from '../skins.messages';
import { ColorVariations } from './color-variations';
import { SkinArchiveFacts } from './skin-archive-facts';
import { SkinTagLinks } from './skin-tag-links';
import { SkinDownloadCountQuery } from '../lib/skins.documents';
import { SkinBundleOffers } from './skin-bundle-offers';
import { SkinGetButton } from './skin-get-button';
import { SkinRating } from './skin-rating';
import classes from '../../../shared/ui/info-card.module.css';

import { askedPrice, SaleNote, SaleReferenceLine } from '../../../shared/sale';
import type { SkinDetail } from '../lib/use-skin-viewer-state';
import { FollowButton } from '../../../shared/follows';
import { WishHeartButton } from '../../../shared/wishlist';

export type { SkinDetail };

const DOWNLOADS_REFRESH_MS = 5_000;

/**
 * The download count, asked for again every few seconds while the page is visible: the counters
 * follow downloads within a second (docs/operations.md), so a popular skin's count rises as you
 * watch. Anonymous answers come from the response cache until a download changes them.
 */
function DownloadCount({ url, initial }: { url: string; initial: number }) {
  const [{ data }, refetch] = useQuery({
    query: SkinDownloadCountQuery,
    variables: { url },
    pause: true,
  });
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') refetch({ requestPolicy: 'network-only' });
    }, DOWNLOADS_REFRESH_MS);
    return () => clearInterval(timer);
  }, [refetch]);
  const total = data?.skin?.downloads.total ?? initial;
  return (
    <Group gap={6} c="dimmed">
      <IconDownload size={14} aria-hidden />
      <Text size="xs" c="dimmed" data-testid="skin-download-count">
        {messages.downloads(total)}
      </Text>
    </Group>
  );
}

/** Once the viewer started a download of this skin (free, bought or their own): where it goes. */
function AfterDownload({ url, game }: { url: string; game: GameType }) {
  const started = useDownloadStarted(url);
  if (!started) return null;
  return (
    <Card withBorder padding="sm" radius="md" data-testid="download-started">
      <Text fw={700} size="sm" mb={4}>
        {installMessages.started}
      </Text>
      <InstallHelper game={game} />
    </Card>
  );
}

/** The skin's card beside the gallery: title, author, facts, description, price button, rating. */
export function SkinInfoCard({ skin }: { skin: SkinDetail }) {
  const authorPath = `/authors/${encodeURIComponent(skin.author.url)}`;
  const { user } = useSession();
  const isAuthor = user !== null && String(user.id) === skin.author.id;
  return (
    <Card withBorder padding="lg" className={classes.card}>
      <Stack gap="md">
        <Group gap="xs">
          <Badge variant="light" radius="sm">
            {gameNames[skin.type].name}
          </Badge>
          <ItemStatusBadges published={skin.published} takenDown={Boolean(skin.takedown)} />
        </Group>

        <Title order={1} className={classes.title}>
          {skin.title}
        </Title>

        {/* What helps decide at a glance: how it is rated and how many took it. */}
        <Group gap="md" wrap="wrap" data-testid="skin-summary">
          <SkinStars average={skin.rating.average} count={skin.rating.totalRatings} withAverage />
          <DownloadCount url={skin.url} initial={skin.downloads.total} />
        </Group>

        <Group gap="sm" wrap="nowrap">
          <Avatar
            component={Link}
            to={authorPath}
            src={skin.author.avatar?.url ?? null}
            alt={messages.authorAvatar(skin.author.username)}
            radius="xl"
            size={44}
            color="electric"
            tabIndex={-1}
            aria-hidden
          >
            {skin.author.username.slice(0, 1).toUpperCase()}
          </Avatar>
          <Stack gap={0} miw={0} style={{ flex: 1 }}>
            <Text size="xs" c="dimmed">
              {messages.by}
            </Text>
            <Group gap={6} wrap="nowrap" miw={0}>
              <CountryFlag code={skin.author.country} size="0.95rem" />
              <Anchor component={Link} to={authorPath} className={classes.authorLink} truncate>
                {skin.author.username}
              </Anchor>
            </Group>
          </Stack>
          <FollowButton authorId={skin.author.id} username={skin.author.username} size="xs" />
        </Group>

        {skin.coAuthors.length > 0 ? (
          <Text size="sm" data-testid="skin-co-authors">
            {messages.withCoAuthors}{' '}
            {skin.coAuthors.map((coAuthor, index) => (
              <span key={coAuthor.id}>
                {index > 0 ? ', ' : ''}
                <Anchor component={Link} to={`/authors/${encodeURIComponent(coAuthor.url)}`}>
                  {coAuthor.username}
                </Anchor>
              </span>
            ))}
          </Text>
        ) : null}

        {skin.published ? null : (
          <Alert variant="light" color="magenta" p="xs">
            <Text size="sm">{messages.hiddenNote}</Text>
          </Alert>
        )}

        {skin.description.trim() ? <Text className={classes.description}>{skin.description}</Text> : null}

        <SkinTagLinks tags={skin.tags} />

        <dl className={classes.meta}>
          <dt>{messages.game}</dt>
          <dd>{gameNames[skin.type].name}</dd>
          <dt>{messages.published}</dt>
          <dd>
            <time dateTime={skin.createdAt}>{formatDate(skin.createdAt)}</time>
          </dd>
          <dt>{messages.updated}</dt>
          <dd>
            <time dateTime={skin.modifiedAt}>{formatDate(skin.modifiedAt)}</time>
          </dd>
          <dt>{messages.price}</dt>
          <dd>{messages.priceValue(askedPrice(skin))}</dd>
        </dl>
        {skin.sale ? (
          <Stack gap={4}>
            <SaleNote sale={skin.sale} />
            <SaleReferenceLine sale={skin.sale} />
          </Stack>
        ) : null}

        {skin.archive ? <SkinArchiveFacts archive={skin.archive} game={skin.type} /> : null}

        <ColorVariations
          current={{ title: skin.title, colors: [skin.colorPrimary, skin.colorSecondary] }}
          variations={skin.colorVariations}
        />

        <Group gap="sm" wrap="nowrap" align="center">
          <div data-skin-get-button style={{ flex: 1 }}>
            <SkinGetButton skin={skin} />
          </div>
          {skin.published ? (
            <WishHeartButton itemType="SKIN" itemId={skin.id} title={skin.title} size="xl" />
          ) : null}
        </Group>

        {isAuthor ? (
          <Button
            component={Link}
            to={`/me/skin/edit/${encodeURIComponent(skin.url)}`}
            variant="light"
            leftSection={<IconPencil size={18} aria-hidden />}
          >
            {messages.editOwnSkin}
          </Button>
        ) : null}

        <AfterDownload url={skin.url} game={skin.type} />

        <SkinBundleOffers bundles={skin.bundles} />

        <Divider />

        <SkinRating
          skinId={skin.id}
          authorId={skin.author.id}
          published={skin.published}
          rating={skin.rating}
          verifiedRatings={skin.verifiedRatings}
        />

        {/* What players see (listed) can be reported; the author's own view has no Report. */}
        {skin.published && !skin.takedown ? (
          <Group justify="flex-end">
            <ReportButton itemType="SKIN" itemId={skin.id} authorId={skin.author.id} />
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}
