import { Alert, Button, Card, Group, Skeleton, Stack, Tabs, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertCircle, IconBrandInstagram, IconHistory, IconInbox } from '@tabler/icons-react';
import { useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from 'urql';
import type { SocialSkinFieldsFragment } from '../../../shared/graphql/generated/graphql';
import { EmptyState, PageContainer } from '../../../shared/ui';
import { adminAreaMessages as adminMessages } from '../../../shared/messages/admin-area.messages';
import { SocialComposer, type NetworkSetup } from '../components/social-composer';
import { SocialNetworkSetup } from '../components/social-network-setup';
import { SocialOutboxList } from '../components/social-outbox-list';
import { SocialPostsList, type PostsScope } from '../components/social-posts-list';
import { SocialSkinPicker } from '../components/social-skin-picker';
import { SocialSubjectCard, type SubjectFlags } from '../components/social-subject-card';
import { asId, imagesOf, type SocialSubject } from '../lib/social-draft';
import { SocialAuthorQuery, SocialNetworksQuery, SocialSkinQuery } from '../lib/social.documents';
import { socialMediaMessages } from '../social-media.messages';

const texts = socialMediaMessages;

type Lookup = {
  subject: SocialSubject | null;
  flags?: SubjectFlags;
  failed: boolean;
  retry: () => void;
  /** Why the parameter names nothing, or null. */
  notFound: string | null;
};

function skinSubject(skin: SocialSkinFieldsFragment): { subject: SocialSubject; flags: SubjectFlags } {
  const flags = {
    hidden: !skin.published,
    takenDown: skin.takedown != null,
    blocked: skin.author.blocked === true,
  };
  return {
    subject: {
      kind: 'skin',
      key: `skin-${skin.id}`,
      skins: [
        { id: skin.id, url: skin.url, title: skin.title, type: skin.type, images: imagesOf(skin.resources) },
      ],
      author: {
        id: skin.author.id,
        url: skin.author.url,
        username: skin.author.username,
        country: skin.author.country ?? null,
        avatarUrl: skin.author.avatar?.url ?? null,
        twitter: skin.author.twitter ?? null,
        instagram: skin.author.instagram ?? null,
      },
      notPublic: flags.hidden || flags.takenDown || flags.blocked ? texts.subject.notPublicText : null,
    },
    flags,
  };
}

/** `?s=`: the skin with that url, else (digits) the skin with that id. */
function useSkinLookup(parameter: string | null): Lookup {
  const id = parameter ? asId(parameter) : null;
  const [result, refetch] = useQuery({
    query: SocialSkinQuery,
    variables: { url: parameter ?? '', ids: id ? [id] : [] },
    pause: parameter === null,
  });
  useEffect(() => {
    if (result.error) console.error('skin (social media) failed', result.error);
  }, [result.error]);
  const skin = result.data ? (result.data.skin ?? result.data.skinsById[0] ?? null) : null;
  const found = useMemo(() => (skin ? skinSubject(skin) : null), [skin]);
  return {
    subject: found?.subject ?? null,
    flags: found?.flags,
    failed: Boolean(result.error) && !result.data,
    retry: () => refetch({ requestPolicy: 'network-only' }),
    notFound: parameter !== null && result.data && !skin ? texts.subject.skinNotFound(parameter) : null,
  };
}

/** `?a=`: the author whose page has that url, else (digits) the author with that id. */
function useAuthorLookup(parameter: string | null): Lookup {
  const id = parameter ? asId(parameter) : null;
  const [result, refetch] = useQuery({
    query: SocialAuthorQuery,
    variables: { url: parameter ?? '', id, byId: id !== null },
    pause: parameter === null,
  });
  useEffect(() => {
    if (result.error) console.error('author (social media) failed', result.error);
  }, [result.error]);
  const author = result.data ? (result.data.author ?? result.data.authorById ?? null) : null;
  const subject = useMemo<SocialSubject | null>(
    () =>
      author
        ? {
            kind: 'author',
            key: `author-${author.id}`,
            skins: author.skins.map((skin) => ({
              id: skin.id,
              url: skin.url,
              title: skin.title,
              type: skin.type,
              images: imagesOf(skin.resources),
            })),
            author: {
              id: author.id,
              url: author.url,
              username: author.username,
              country: author.country ?? null,
              avatarUrl: author.avatar?.url ?? null,
              twitter: author.twitter ?? null,
              instagram: author.instagram ?? null,
            },
            notPublic: null,
          }
        : null,
    [author],
  );
  const notFound =
    parameter !== null && result.data && !author ? texts.subject.authorNotFound(parameter) : null;
  return {
    subject,
    failed: Boolean(result.error) && !result.data,
    retry: () => refetch({ requestPolicy: 'network-only' }),
    notFound,
  };
}

/**
 * Admin → Social media (spec 2.13): `?s=` names a skin (url or id), `?a=` an author (url). The
 * chosen subject, the post (message, quick inserts, networks, numbered images, Publish), how each
 * network is reached, the publications and the local outbox.
 */
export function SocialMediaPage() {
  const [searchParams] = useSearchParams();
  const skinParameter = searchParams.get('s')?.trim() || null;
  const authorParameter = skinParameter ? null : searchParams.get('a')?.trim() || null;
  const bothGiven = Boolean(skinParameter && searchParams.get('a')?.trim());

  const [setupResult, refetchSetup] = useQuery({ query: SocialNetworksQuery });
  useEffect(() => {
    if (setupResult.error) console.error('socialNetworks failed', setupResult.error);
  }, [setupResult.error]);
  const setupList = setupResult.data?.socialNetworks;
  const setup = useMemo(
    () =>
      setupList
        ? (Object.fromEntries(
            setupList.map((entry) => [
              entry.network,
              { delivery: entry.delivery, maxImages: entry.maxImages },
            ]),
          ) as NetworkSetup)
        : null,
    [setupList],
  );

  const skinLookup = useSkinLookup(skinParameter);
  const authorLookup = useAuthorLookup(authorParameter);
  const lookup = skinParameter ? skinLookup : authorParameter ? authorLookup : null;
  const subject = lookup?.subject ?? null;
  const scope: PostsScope = subject
    ? subject.kind === 'skin'
      ? { kind: 'skin', id: subject.skins[0]!.id }
      : { kind: 'author', id: subject.author.id }
    : null;

  let subjectSection;
  if (!lookup) {
    subjectSection = (
      <Card withBorder padding="lg">
        <Group gap="md" wrap="nowrap" align="flex-start" mb="lg">
          <ThemeIcon size={48} radius="xl" variant="light" color="magenta" aria-hidden>
            <IconBrandInstagram size={26} stroke={1.6} />
          </ThemeIcon>
          <Stack gap={4}>
            <Title order={2} size="h3">
              {texts.subject.chooseTitle}
            </Title>
            <Text c="dimmed" size="sm" maw={620}>
              {texts.subject.chooseText}
            </Text>
          </Stack>
        </Group>
        <SocialSkinPicker />
      </Card>
    );
  } else if (lookup.failed) {
    subjectSection = (
      <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert">
        <Group justify="space-between" gap="sm">
          <Text size="sm">{texts.subject.loadFailed}</Text>
          <Button size="xs" variant="default" onClick={lookup.retry}>
            {adminMessages.retry}
          </Button>
        </Group>
      </Alert>
    );
  } else if (lookup.notFound) {
    subjectSection = (
      <Card withBorder padding="lg">
        <Alert color="yellow" variant="light" icon={<IconAlertCircle />} mb="lg" role="alert">
          <Text size="sm">{lookup.notFound}</Text>
        </Alert>
        <SocialSkinPicker />
      </Card>
    );
  } else if (!subject) {
    subjectSection = (
      <Card withBorder padding="md" role="status" aria-label={texts.subject.loading}>
        <Group gap="md" wrap="nowrap" align="flex-start">
          <Skeleton w={220} h={124} style={{ flexShrink: 0 }} />
          <Stack gap="xs" style={{ flex: 1 }}>
            <Skeleton h={18} w={120} />
            <Skeleton h={28} w="60%" />
            <Skeleton h={16} w="40%" />
          </Stack>
        </Group>
      </Card>
    );
  } else {
    subjectSection = (
      <Stack gap="sm">
        {bothGiven ? (
          <Text size="sm" c="dimmed">
            {texts.subject.bothGiven}
          </Text>
        ) : null}
        <SocialSubjectCard subject={subject} flags={lookup.flags} />
        {subject.notPublic ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle />} title={texts.subject.notPublicTitle}>
            <Text size="sm">{subject.notPublic}</Text>
          </Alert>
        ) : null}
      </Stack>
    );
  }

  return (
    <PageContainer title={texts.title} eyebrow={adminMessages.eyebrow} description={texts.description}>
      <Stack gap="lg">
        {setupList ? (
          <SocialNetworkSetup setup={setupList} />
        ) : setupResult.error ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle />}>
            <Group justify="space-between" gap="sm">
              <Text size="sm">{texts.setup.failed}</Text>
              <Button
                size="xs"
                variant="default"
                onClick={() => refetchSetup({ requestPolicy: 'network-only' })}
              >
                {adminMessages.retry}
              </Button>
            </Group>
          </Alert>
        ) : (
          <Skeleton h={72} />
        )}

        <section aria-label={texts.subject.sectionLabel}>{subjectSection}</section>

        {subject ? (
          subject.skins.length === 0 ? (
            <Card withBorder padding="lg">
              <EmptyState icon={<IconBrandInstagram stroke={1.5} />} message={texts.subject.noSkins} />
            </Card>
          ) : (
            <SocialComposer key={subject.key} subject={subject} setup={setup} />
          )
        ) : null}

        <Tabs defaultValue="posts" keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="posts" leftSection={<IconHistory size={16} aria-hidden />}>
              {texts.posts.tab}
            </Tabs.Tab>
            <Tabs.Tab value="outbox" leftSection={<IconInbox size={16} aria-hidden />}>
              {texts.outbox.tab}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="posts">
            <SocialPostsList key={subject?.key ?? 'all'} scope={scope} />
          </Tabs.Panel>
          <Tabs.Panel value="outbox">
            <SocialOutboxList />
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </PageContainer>
  );
}
