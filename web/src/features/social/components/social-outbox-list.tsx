import { Badge, Box, Card, Code, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconBrandInstagram, IconBrandX, IconInbox } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useQuery } from 'urql';
import { formatDateTime } from '../../../shared/format';
import type { SocialOutboxQuery as SocialOutboxResult } from '../../../shared/graphql/generated/graphql';
import { ListLoadError, ListPagination } from '../../../shared/listing';
import { EmptyState } from '../../../shared/ui';
import { SocialOutboxQuery } from '../lib/social.documents';
import { networkLabels, socialMediaMessages } from '../social-media.messages';
import classes from './social-media.module.css';

const texts = socialMediaMessages.outbox;
const PAGE_SIZE = 20;

type Entry = SocialOutboxResult['socialOutbox']['content'][number];

function OutboxEntry({ entry }: { entry: Entry }) {
  return (
    <Box component="li" className={classes.outboxEntry} data-testid="social-outbox-entry">
      <Group justify="space-between" gap="xs" align="flex-start">
        <Group gap={6} wrap="nowrap">
          {entry.network === 'TWITTER' ? (
            <IconBrandX size={16} aria-hidden />
          ) : (
            <IconBrandInstagram size={16} aria-hidden />
          )}
          <Text size="sm" fw={700}>
            {networkLabels[entry.network]}
          </Text>
          <Text size="xs" c="dimmed">
            <time dateTime={entry.writtenAt}>{formatDateTime(entry.writtenAt)}</time>
          </Text>
        </Group>
        <Badge variant="outline" color="gray" radius="sm">
          {texts.images(entry.images.length)}
        </Badge>
      </Group>
      <Text size="sm" mt={6} className={classes.outboxMessage}>
        {entry.message}
      </Text>
      {entry.images.length > 0 ? (
        <ol className={classes.outboxImages}>
          {entry.images.map((image, index) => (
            <li key={`${image.filename}-${index}`}>
              <img src={image.url} alt={texts.imageAlt(index + 1, image.filename)} loading="lazy" />
              <span className={classes.outboxNumber} aria-hidden>
                {index + 1}
              </span>
            </li>
          ))}
        </ol>
      ) : null}
      <Code fz="xs" mt={6} className={classes.breakAll} display="block">
        {entry.file}
      </Code>
    </Box>
  );
}

/** The local outbox (posts written while a network has no keys), newest first, 20 a page. */
export function SocialOutboxList() {
  const [pageNumber, setPageNumber] = useState(1);
  const [result, refetch] = useQuery({
    query: SocialOutboxQuery,
    variables: { page: { page: pageNumber - 1, size: PAGE_SIZE } },
    requestPolicy: 'cache-and-network',
  });
  const lastData = useRef(result.data);
  if (result.data) lastData.current = result.data;
  const outbox = (result.data ?? lastData.current)?.socialOutbox;
  useEffect(() => {
    if (result.error) console.error('socialOutbox failed', result.error);
  }, [result.error]);

  let content;
  if (!outbox && result.error) {
    content = (
      <ListLoadError message={texts.loadFailed} onRetry={() => refetch({ requestPolicy: 'network-only' })} />
    );
  } else if (!outbox) {
    content = (
      <Stack gap="xs" role="status" aria-label={texts.loading}>
        {Array.from({ length: 2 }, (_, index) => (
          <Skeleton key={index} h={120} />
        ))}
      </Stack>
    );
  } else if (outbox.content.length === 0) {
    content = <EmptyState icon={<IconInbox stroke={1.5} />} message={texts.empty} />;
  } else {
    content = (
      <Stack component="ol" gap="sm" className={classes.outboxList} aria-label={texts.title}>
        {outbox.content.map((entry) => (
          <OutboxEntry key={entry.id} entry={entry} />
        ))}
      </Stack>
    );
  }

  return (
    <Card withBorder padding="lg" aria-busy={result.fetching}>
      <Group gap="sm" mb={4}>
        <Text component="h3" className={classes.sectionTitle} fw={700}>
          {texts.title}
        </Text>
        {outbox ? (
          <Badge variant="light" radius="sm">
            {texts.count(outbox.pageInfo.totalElements)}
          </Badge>
        ) : null}
      </Group>
      <Text size="sm" c="dimmed" mb="sm">
        {texts.hint}
      </Text>
      {content}
      {outbox ? (
        <ListPagination
          label={texts.pagination}
          total={outbox.pageInfo.totalPages}
          value={pageNumber}
          onChange={setPageNumber}
        />
      ) : null}
    </Card>
  );
}
