import { Alert, Anchor, Badge, Stack, Text, type MantineSpacing } from '@mantine/core';
import { IconBan } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { ModeratedItemType } from '../../../../domain/moderation/moderation.schemas';
import { formatDate } from '../format';
import { moderationUiMessages as messages } from './moderation.messages';
import classes from './moderation.module.css';

/** `Skin.takedown` / `Bundle.takedown`: answered to the item's author and admins (`by` admins only). */
export type TakedownFacts = { at: string; reason: string; by?: { username: string } | null };

/**
 * The notice at the top of a taken-down skin's or bundle's page and editor: when, why, and what it
 * means for the author (or, for an admin, who can still open it).
 */
export function TakedownNotice({
  itemType,
  takedown,
  audience,
  mb,
}: {
  itemType: ModeratedItemType;
  takedown: TakedownFacts;
  audience: 'author' | 'admin';
  mb?: MantineSpacing;
}) {
  const by = takedown.by?.username;
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconBan />}
      className={classes.notice}
      data-testid="takedown-notice"
      mb={mb}
      title={`${messages.takedown.title} ${messages.takedown.onDate(formatDate(takedown.at))}${
        by ? ` ${messages.takedown.byAdmin(by)}` : ''
      }`}
    >
      <Stack gap={6}>
        <Text size="sm" className={classes.noticeReason}>
          <Text component="span" fw={700} inherit>
            {messages.takedown.reason}
          </Text>{' '}
          “{takedown.reason}”
        </Text>
        <Text size="sm">
          {audience === 'author'
            ? messages.takedown.forAuthor(itemType)
            : messages.takedown.forAdmin(itemType)}
        </Text>
        {audience === 'author' ? (
          <Anchor component={Link} to="/submissions" size="sm" fw={600} w="fit-content">
            {messages.takedown.rules}
          </Anchor>
        ) : null}
      </Stack>
    </Alert>
  );
}

/** The author's lists: a red badge, then the reason and the date, under the item's title. */
export function TakedownSummary({ takedown }: { takedown: TakedownFacts }) {
  return (
    <div className={classes.summary}>
      <Badge
        radius="sm"
        size="sm"
        leftSection={<IconBan size={12} aria-hidden />}
        className={classes.badge}
        data-testid="takedown-badge"
      >
        {messages.takedown.badge}
      </Badge>
      <Text size="xs" className={classes.summaryText}>
        <time dateTime={takedown.at}>{formatDate(takedown.at)}</time>: “{takedown.reason}”
      </Text>
      <Text size="xs" c="dimmed">
        {messages.takedown.listNote}
      </Text>
    </div>
  );
}
