import { Badge, Group, SimpleGrid, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import {} from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from 'urql';
import { ListLoadError, ListSearchInput, useSearchBox } from '../../../shared/listing';
import { gameNames, SkinThumbnail } from '../../../shared/skin-card';
import { CountryFlag } from '../../../shared/ui/country-flag';
import { SocialSkinSearchQuery } from '../lib/social.documents';
import { socialMediaMessages } from '../social-media.messages';
import classes from './social-media.module.css';

const texts = socialMediaMessages.subject;
const RESULTS = 8;

/** The page's address for a skin: `?s=<url>`. */
export const skinSubjectPath = (url: string) => `/admin/social-media?s=${encodeURIComponent(url)}`;

/**
 * Choosing a skin when the page was opened without one: a search (spec 5's rules: 3 characters,
 * 600 ms) over every game, hidden skins included, with the latest skins before anything is typed.
 * Each result is a link that puts the skin in the address.
 */
export function SocialSkinPicker() {
  const [search, setSearch] = useState('');
  const box = useSearchBox(search, setSearch);
  const [result, refetch] = useQuery({
    query: SocialSkinSearchQuery,
    variables: { search: search || null, page: { page: 0, size: RESULTS } },
  });
  const lastData = useRef(result.data);
  if (result.data) lastData.current = result.data;
  const skins = (result.data ?? lastData.current)?.skins;
  useEffect(() => {
    if (result.error) console.error('skins (social media picker) failed', result.error);
  }, [result.error]);

  let list;
  if (!skins && result.error) {
    list = (
      <ListLoadError
        message={texts.searchFailed}
        onRetry={() => refetch({ requestPolicy: 'network-only' })}
      />
    );
  } else if (!skins) {
    list = (
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" role="status" aria-label={texts.loadingSkins}>
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} h={76} />
        ))}
      </SimpleGrid>
    );
  } else if (skins.content.length === 0) {
    list = (
      <Text c="dimmed" size="sm" py="md">
        {texts.noMatch(search)}
      </Text>
    );
  } else {
    list = (
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" aria-busy={result.fetching}>
        {skins.content.map((skin) => (
          <UnstyledButton
            key={skin.id}
            component={Link}
            to={skinSubjectPath(skin.url)}
            className={classes.pickRow}
            aria-label={texts.pick(skin.title, skin.author.username)}
          >
            <div className={classes.pickThumb}>
              <SkinThumbnail src={skin.thumbnail?.cardUrl} alt="" />
            </div>
            <Stack gap={2} miw={0}>
              <Text fw={700} truncate>
                {skin.title}
              </Text>
              <Group gap={6} wrap="nowrap" miw={0}>
                <CountryFlag code={skin.author.country} size="0.8rem" decorative />
                <Text size="sm" c="dimmed" truncate>
                  {skin.author.username}
                </Text>
              </Group>
              <Group gap={4}>
                <Badge size="xs" radius="sm" variant="default">
                  {gameNames[skin.type].short}
                </Badge>
                {skin.published ? null : (
                  <Badge size="xs" radius="sm" color="magenta" variant="light">
                    {texts.hidden}
                  </Badge>
                )}
              </Group>
            </Stack>
          </UnstyledButton>
        ))}
      </SimpleGrid>
    );
  }

  return (
    <Stack gap="md">
      <ListSearchInput
        box={box}
        label={texts.search}
        placeholder={texts.searchPlaceholder}
        tooShortHint={texts.searchHint}
        clearLabel={texts.clearSearch}
        w={{ base: '100%', sm: 360 }}
      />
      <Text size="xs" c="dimmed" tt="uppercase" fw={700} lts="0.08em" role="status">
        {search && skins ? texts.results(skins.pageInfo.totalElements, search) : texts.latest}
      </Text>
      {list}
    </Stack>
  );
}
