import {
  Anchor,
  Badge,
  Box,
  Card,
  Group,
  SegmentedControl,
  Skeleton,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { IconBrandInstagram, IconBrandX, IconHistory } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from 'urql';
import { formatDateTime } from '../../../shared/format';
import type { SocialPostsQuery as SocialPostsResult } from '../../../shared/graphql/generated/graphql';
import { ListLoadError, ListPagination } from '../../../shared/listing';
import { EmptyState } from '../../../shared/ui';
import { SocialPostsQuery } from '../lib/social.documents';
import { networkLabels, socialMediaMessages } from '../social-media.messages';
import classes from './social-media.module.css';

const texts = socialMediaMessages.posts;
const PAGE_SIZE = 20;

/** A badge is cut with an ellipsis when its cell is narrow; these are short, keep them whole. */
const WHOLE = { minWidth: 'max-content' } as const;

type Post = SocialPostsResult['socialPosts']['content'][number];

export type PostsScope = { kind: 'skin' | 'author'; id: string } | null;

function NetworkName({ network }: { network: Post['network'] }) {
  return (
    <Group gap={6} wrap="nowrap">
      {network === 'TWITTER' ? (
        <IconBrandX size={16} aria-hidden />
      ) : (
        <IconBrandInstagram size={16} aria-hidden />
      )}
      <Text size="sm">{networkLabels[network]}</Text>
    </Group>
  );
}

function StatusBadge({ post }: { post: Post }) {
  return (
    <Stack gap={4} align="flex-start">
      <Badge color={post.status === 'PUBLISHED' ? 'teal' : 'red'} variant="light" radius="sm" style={WHOLE}>
        {texts.status[post.status]}
      </Badge>
      {post.delivery ? (
        <Badge color="gray" variant="outline" radius="sm" style={WHOLE}>
          {texts.delivery[post.delivery]}
        </Badge>
      ) : null}
    </Stack>
  );
}

/** Where the post went: its address, its outbox file, its id, or why it failed. */
function PostResult({ post }: { post: Post }) {
  if (post.status === 'FAILED') {
    return (
      <Text size="sm" c="red" className={classes.breakWord}>
        {post.errorKind ? `${texts.errorKinds[post.errorKind] ?? post.errorKind}: ` : ''}
        {post.error}
      </Text>
    );
  }
  if (post.url)
    return (
      <Anchor href={post.url} target="_blank" rel="noopener noreferrer" size="sm">
        {texts.open}
      </Anchor>
    );
  if (post.outboxFile)
    return (
      <Text size="sm" title={post.outboxFile}>
        {texts.inOutbox}
      </Text>
    );
  return post.postId ? <Text size="sm">{texts.postId(post.postId)}</Text> : null;
}

function SkinsOf({ post }: { post: Post }) {
  if (post.skins.length === 0) return null;
  return (
    <Text size="xs" c="dimmed">
      {texts.of}
      {post.skins.map((skin, index) => (
        <span key={skin.id}>
          {index > 0 ? ', ' : ''}
          <Anchor component={Link} to={`/skins/${encodeURIComponent(skin.url)}`} inherit>
            {skin.title}
          </Anchor>
        </span>
      ))}
    </Text>
  );
}

function PostsTable({ posts }: { posts: Post[] }) {
  const columns = texts.columns;
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{columns.when}</Table.Th>
            <Table.Th>{columns.network}</Table.Th>
            <Table.Th>{columns.status}</Table.Th>
            <Table.Th>{columns.message}</Table.Th>
            <Table.Th ta="right">{columns.images}</Table.Th>
            <Table.Th>{columns.result}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {posts.map((post) => (
            <Table.Tr key={post.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Text size="sm">
                  <time dateTime={post.at}>{formatDateTime(post.at)}</time>
                </Text>
                {post.actor ? (
                  <Text size="xs" c="dimmed">
                    {texts.by(post.actor.username)}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>
                <NetworkName network={post.network} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <StatusBadge post={post} />
              </Table.Td>
              <Table.Td maw={260}>
                <Text size="sm" lineClamp={3} className={classes.breakWord}>
                  {post.message}
                </Text>
                <SkinsOf post={post} />
              </Table.Td>
              <Table.Td ta="right">
                <Text size="sm">{post.imageIds.length}</Text>
              </Table.Td>
              <Table.Td maw={240}>
                <PostResult post={post} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** On a phone each publication is a card. */
function PostCards({ posts }: { posts: Post[] }) {
  return (
    <Stack gap={0}>
      {posts.map((post, index) => (
        <Box
          key={post.id}
          py="sm"
          style={index > 0 ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined}
        >
          <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
            <Stack gap={2}>
              <NetworkName network={post.network} />
              <Text size="xs" c="dimmed">
                <time dateTime={post.at}>{formatDateTime(post.at)}</time>
                {post.actor ? ` · ${texts.by(post.actor.username)}` : ''}
              </Text>
            </Stack>
            <StatusBadge post={post} />
          </Group>
          <Text size="sm" mt={6} lineClamp={4} className={classes.breakWord}>
            {post.message}
          </Text>
          <SkinsOf post={post} />
          <Text size="xs" c="dimmed" mt={6}>
            {texts.images(post.imageIds.length)}
          </Text>
          <Box mt={4} miw={0}>
            <PostResult post={post} />
          </Box>
        </Box>
      ))}
    </Stack>
  );
}

/**
 * The publications, newest first, 20 a page: of the chosen skin or author (spec 2.13's subject) or
 * all of them.
 */
export function SocialPostsList({ scope }: { scope: PostsScope }) {
  const [pageNumber, setPageNumber] = useState(1);
  const [onlySubject, setOnlySubject] = useState(true);
  const filtered = scope !== null && onlySubject;
  const [result, refetch] = useQuery({
    query: SocialPostsQuery,
    variables: {
      page: { page: pageNumber - 1, size: PAGE_SIZE },
      skinId: filtered && scope.kind === 'skin' ? scope.id : null,
      authorId: filtered && scope.kind === 'author' ? scope.id : null,
    },
    requestPolicy: 'cache-and-network',
  });
  const lastData = useRef(result.data);
  if (result.data) lastData.current = result.data;
  const posts = (result.data ?? lastData.current)?.socialPosts;
  useEffect(() => {
    if (result.error) console.error('socialPosts failed', result.error);
  }, [result.error]);

  let content;
  if (!posts && result.error) {
    content = (
      <ListLoadError message={texts.loadFailed} onRetry={() => refetch({ requestPolicy: 'network-only' })} />
    );
  } else if (!posts) {
    content = (
      <Stack gap="xs" role="status" aria-label={texts.loading}>
        {Array.from({ length: 3 }, (_, index) => (
          <Skeleton key={index} h={44} />
        ))}
      </Stack>
    );
  } else if (posts.content.length === 0) {
    content = (
      <EmptyState
        icon={<IconHistory stroke={1.5} />}
        message={filtered ? texts.emptyOfSubject : texts.empty}
      />
    );
  } else {
    content = (
      <>
        <Box visibleFrom="md">
          <PostsTable posts={posts.content} />
        </Box>
        <Box hiddenFrom="md">
          <PostCards posts={posts.content} />
        </Box>
      </>
    );
  }

  return (
    <Card withBorder padding="lg" aria-busy={result.fetching}>
      <Group justify="space-between" gap="sm" mb="sm">
        <Group gap="sm">
          <Text component="h3" className={classes.sectionTitle} fw={700}>
            {texts.title}
          </Text>
          {posts ? (
            <Badge variant="light" radius="sm">
              {texts.count(posts.pageInfo.totalElements)}
            </Badge>
          ) : null}
        </Group>
        {scope ? (
          <SegmentedControl
            size="xs"
            aria-label={texts.scope}
            value={onlySubject ? 'subject' : 'all'}
            onChange={(value) => {
              setOnlySubject(value === 'subject');
              setPageNumber(1);
            }}
            data={[
              { value: 'subject', label: scope.kind === 'skin' ? texts.ofSkin : texts.ofAuthor },
              { value: 'all', label: texts.all },
            ]}
          />
        ) : null}
      </Group>
      {content}
      {posts ? (
        <ListPagination
          label={texts.pagination}
          total={posts.pageInfo.totalPages}
          value={pageNumber}
          onChange={setPageNumber}
        />
      ) : null}
    </Card>
  );
}
