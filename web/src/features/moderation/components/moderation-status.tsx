import { Anchor, Badge, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconArrowBackUp, IconHistory, IconShieldX } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatDate, formatDateTime } from '../../../shared/format';
import type { ModerationTakedownFieldsFragment } from '../../../shared/graphql/generated/graphql';
import { adminMessages } from '../admin-moderation.messages';
import { fullBadgeStyles, strongBadge, strongButton } from '../../../shared/admin-list/admin-list-parts';
import type { ModerationActions, ModerationTarget } from '../hooks/use-moderation-actions';
import { keyOf } from '../hooks/use-moderation-actions';

const texts = adminMessages.moderation;

/** Spec 2.13: author names are truncated at 10 characters in the admin's skins list. */
export const AUTHOR_NAME_MAX = 10;

/** The author's name, cut at 10 characters with the full name in a tooltip; a link to their page. */
export function TruncatedAuthor({ username, url }: { username: string; url: string }) {
  const cut = username.length > AUTHOR_NAME_MAX;
  const link = (
    <Anchor
      component={Link}
      to={`/authors/${url}`}
      size="sm"
      fw={600}
      title={cut ? username : undefined}
      aria-label={cut ? username : undefined}
      style={{ whiteSpace: 'nowrap' }}
    >
      {cut ? `${username.slice(0, AUTHOR_NAME_MAX)}…` : username}
    </Anchor>
  );
  return cut ? (
    <Tooltip label={username} openDelay={200}>
      {link}
    </Tooltip>
  ) : (
    link
  );
}

/** A takedown's (or removal's) reason, who and when. */
export function TakedownNote({ takedown }: { takedown: ModerationTakedownFieldsFragment }) {
  return (
    <Stack gap={0} maw={280}>
      <Text size="xs" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
        <Text span inherit fw={700}>
          {texts.reasonLabel}:
        </Text>{' '}
        {takedown.reason}
      </Text>
      <Text size="xs" c="dimmed">
        <time dateTime={takedown.at} title={formatDateTime(takedown.at)}>
          {texts.byOn(takedown.by?.username ?? null, formatDate(takedown.at))}
        </time>
      </Text>
    </Stack>
  );
}

/** A skin's or bundle's state: published, hidden by its author or taken down; its author blocked. */
export function CatalogueItemStatus({
  item,
}: {
  item: {
    published: boolean;
    takedown?: ModerationTakedownFieldsFragment | null;
    author: { blocked?: boolean | null };
  };
}) {
  return (
    <Stack gap={6} align="flex-start" miw={150}>
      {item.takedown ? (
        <>
          <Badge styles={fullBadgeStyles} color="red" variant="light" radius="sm">
            {texts.status.takenDown}
          </Badge>
          <TakedownNote takedown={item.takedown} />
        </>
      ) : item.published ? (
        <Badge styles={fullBadgeStyles} color="teal" variant="light" radius="sm" {...strongBadge('teal')}>
          {texts.status.published}
        </Badge>
      ) : (
        <Badge styles={fullBadgeStyles} color="gray" variant="light" radius="sm">
          {texts.status.hidden}
        </Badge>
      )}
      {item.author.blocked ? (
        <Badge
          styles={fullBadgeStyles}
          color="orange"
          variant="outline"
          radius="sm"
          {...strongBadge('orange')}
        >
          {texts.status.authorBlocked}
        </Badge>
      ) : null}
    </Stack>
  );
}

/** A comment's state: visible or removed; its writer blocked. */
export function CommentStatus({
  comment,
}: {
  comment: { removal?: ModerationTakedownFieldsFragment | null; author: { blocked?: boolean | null } };
}) {
  return (
    <Stack gap={6} align="flex-start" miw={150}>
      {comment.removal ? (
        <>
          <Badge styles={fullBadgeStyles} color="red" variant="light" radius="sm">
            {texts.status.removed}
          </Badge>
          <TakedownNote takedown={comment.removal} />
        </>
      ) : (
        <Badge styles={fullBadgeStyles} color="teal" variant="light" radius="sm" {...strongBadge('teal')}>
          {texts.status.visible}
        </Badge>
      )}
      {comment.author.blocked ? (
        <Badge
          styles={fullBadgeStyles}
          color="orange"
          variant="outline"
          radius="sm"
          {...strongBadge('orange')}
        >
          {texts.status.writerBlocked}
        </Badge>
      ) : null}
    </Stack>
  );
}

/**
 * Take down (or Remove, for a comment) or Restore, and History. `what` names the item for screen
 * readers ("skin “Neon Drift”").
 */
export function ModerationButtons({
  target,
  takenDown,
  actions,
  what,
  justify = 'flex-start',
}: {
  target: ModerationTarget;
  takenDown: boolean;
  actions: ModerationActions;
  what: string;
  justify?: 'flex-start' | 'flex-end';
}) {
  const busy = actions.pending.has(keyOf(target));
  const takeDownLabel = target.itemType === 'COMMENT' ? texts.actions.remove : texts.actions.takeDown;
  return (
    <Group gap={6} wrap="wrap" justify={justify} role="group" aria-label={texts.actions.group(what)}>
      {takenDown ? (
        <Button
          size="xs"
          variant="light"
          color="teal"
          {...strongButton('teal')}
          leftSection={<IconArrowBackUp size={14} aria-hidden />}
          loading={busy}
          onClick={() => actions.restore(target)}
          aria-label={texts.actions.label(texts.actions.restore, what)}
        >
          {texts.actions.restore}
        </Button>
      ) : (
        <Button
          size="xs"
          variant="light"
          color="red"
          leftSection={<IconShieldX size={14} aria-hidden />}
          loading={busy}
          onClick={() => actions.takeDown(target)}
          aria-label={texts.actions.label(takeDownLabel, what)}
        >
          {takeDownLabel}
        </Button>
      )}
      <Button
        size="xs"
        variant="default"
        leftSection={<IconHistory size={14} aria-hidden />}
        onClick={() => actions.showHistory(target)}
        aria-label={texts.actions.label(texts.actions.history, what)}
      >
        {texts.actions.history}
      </Button>
    </Group>
  );
}
