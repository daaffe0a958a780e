import {
  Anchor,
  Badge,
  Button,
  Center,
  Container,
  Grid,
  Group,
  Loader,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowRight, IconStar, IconTrophy } from '@tabler/icons-react';
import { useEffect, useMemo } from 'react';
import { Link } from 'react-router';
import { useQuery } from 'urql';
import { galleryImagesOf, MediaGallery } from '../../../shared/gallery';
import type { SkinOfTheMonthQuery as SkinOfTheMonthResult } from '../../../shared/graphql/generated/graphql';
import { gameNames, SkinStars } from '../../../shared/skin-card';
import { PageTitle, UserAvatar } from '../../../shared/ui';
import { CountryFlag } from '../../../shared/ui/country-flag';
import { homeMessages } from '../home.messages';
import { SkinOfTheMonthQuery } from '../lib/home.documents';
import classes from './skin-of-the-month.module.css';

const messages = homeMessages.skinOfTheMonth;

type Winner = NonNullable<SkinOfTheMonthResult['skinOfTheMonth']>;

const monthNames = new Intl.DateTimeFormat('en', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** '2026-10' as 'October 2026'; null for anything else. */
export function formatMonth(month: string | undefined): string | null {
  const match = /^(\d{4})-(\d{2})$/.exec(month ?? '');
  if (!match) return null;
  const index = Number(match[2]) - 1;
  if (index < 0 || index > 11) return null;
  return monthNames.format(new Date(Date.UTC(Number(match[1]), index, 1)));
}

function WinnerView({ skin }: { skin: Winner }) {
  const images = useMemo(() => galleryImagesOf(skin.resources), [skin.resources]);
  const skinPath = `/skins/${encodeURIComponent(skin.url)}`;
  const authorPath = `/authors/${encodeURIComponent(skin.author.url)}`;
  const description = skin.description.trim();
  return (
    <Grid gap="xl" align="center">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <MediaGallery
          title={skin.title}
          images={images}
          video={null}
          emptyText={messages.noScreenshots}
          priority="auto"
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Stack gap="md">
          <Badge variant="light" radius="sm" w="fit-content">
            {gameNames[skin.type].name}
          </Badge>
          <Title order={3} size="h1" className={classes.skinTitle}>
            <Anchor component={Link} to={skinPath} className={classes.skinLink} inherit>
              {skin.title}
            </Anchor>
          </Title>
          <Group gap="sm" wrap="nowrap">
            <UserAvatar
              username={skin.author.username}
              url={skin.author.avatar?.url}
              size={40}
              radius="xl"
              decorative
            />
            <Group gap={6} wrap="nowrap" miw={0}>
              <Text component="span" size="sm" c="dimmed">
                {messages.by}
              </Text>
              <CountryFlag code={skin.author.country} size="0.95rem" />
              <Anchor component={Link} to={authorPath} fw={700} c="var(--mantine-color-text)" truncate>
                {skin.author.username}
              </Anchor>
            </Group>
          </Group>
          <Group gap="sm" wrap="wrap">
            <SkinStars
              average={skin.rating.average}
              count={skin.rating.totalRatings}
              size="lg"
              withAverage
              withCount={false}
            />
            <Text size="sm" c="dimmed" aria-hidden>
              {messages.votes(skin.rating.totalRatings)}
            </Text>
          </Group>
          {description ? (
            <Text c="dimmed" lineClamp={4} className={classes.description}>
              {description}
            </Text>
          ) : null}
          <Button
            component={Link}
            to={skinPath}
            size="md"
            className={classes.cta}
            rightSection={<IconArrowRight size={18} aria-hidden />}
            w="fit-content"
          >
            {messages.viewSkin}
          </Button>
        </Stack>
      </Grid.Col>
    </Grid>
  );
}

function Invitation() {
  return (
    <Stack align="center" gap="md" ta="center" py="lg" className={classes.invitation}>
      <span className={classes.inviteIcon} aria-hidden>
        <IconStar size={34} stroke={1.6} />
      </span>
      <Title order={3} size="h2" className={classes.skinTitle}>
        {messages.inviteTitle}
      </Title>
      <Text c="dimmed" maw={620}>
        {messages.inviteText}
      </Text>
      <Button component={Link} to="/skins?t=all" className={classes.cta}>
        {messages.rateSkins}
      </Button>
    </Stack>
  );
}

/**
 * The homepage's Skin of the Month (spec 2.5): a spinner, then the winner with its screenshots (the
 * lightbox on click), rating and a link to it; before the first one is chosen, an invitation to rate.
 * A failed query is only logged (spec 8) and the block left out.
 */
export function SkinOfTheMonth() {
  const [{ data, fetching, error }] = useQuery({ query: SkinOfTheMonthQuery });
  useEffect(() => {
    if (error) console.error('The Skin of the Month could not be loaded', error);
  }, [error]);
  if (error && !data) return null;

  const skin = data?.skinOfTheMonth ?? null;
  const latest = data?.skinOfTheMonthHistory[0];
  const month = skin && latest?.skin.id === skin.id ? formatMonth(latest.month) : null;

  return (
    <section className={classes.section} aria-labelledby="skin-of-the-month-title">
      <Container size="xl">
        <div className={classes.frame}>
          <Group justify="space-between" align="flex-end" gap="sm" className={classes.header}>
            <Group gap="md" align="flex-end" wrap="nowrap">
              <span className={classes.trophy} aria-hidden>
                <IconTrophy size={28} stroke={1.6} />
              </span>
              <div id="skin-of-the-month-title">
                <PageTitle order={2} eyebrow={messages.eyebrow}>
                  {messages.title}
                </PageTitle>
              </div>
            </Group>
            {month ? (
              <Badge variant="outline" color="magenta.4" radius="sm" size="lg" className={classes.month}>
                {messages.winnerOf(month)}
              </Badge>
            ) : null}
          </Group>
          {fetching && !data ? (
            <Center py={96} role="status" aria-live="polite">
              <Loader color="magenta.4" aria-label={messages.loading} />
            </Center>
          ) : skin ? (
            <WinnerView skin={skin} />
          ) : (
            <Invitation />
          )}
        </div>
      </Container>
    </section>
  );
}
