import { Anchor, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { AdminCommentRowFieldsFragment } from '../../../shared/graphql/generated/graphql';
import { UserAvatar } from '../../../shared/ui';
import { adminMessages } from '../admin-moderation.messages';
import classes from '../../../shared/admin-list/admin-list.module.css';

const page = adminMessages.comments;

type Comment = AdminCommentRowFieldsFragment;

/** The comment's words as written: plain text with its line breaks. */
export function CommentText({ text, lineClamp }: { text: string; lineClamp?: number }) {
  return (
    <Text size="sm" className={classes.commentText} lineClamp={lineClamp}>
      {text}
    </Text>
  );
}

/** The writer: avatar and name, linked to their author page. */
export function CommentWriter({ author }: { author: Comment['author'] }) {
  return (
    <Group gap="xs" wrap="nowrap" miw={0}>
      <UserAvatar username={author.username} url={author.avatar?.url} size="sm" radius="xl" decorative />
      <Anchor component={Link} to={`/authors/${author.url}`} size="sm" fw={600} truncate>
        {author.username}
      </Anchor>
    </Group>
  );
}

/** The skin or bundle the comment is on. */
export function CommentedItem({ comment }: { comment: Pick<Comment, 'skin' | 'bundle'> }) {
  const item = comment.skin
    ? { kind: page.onSkin, to: `/skins/${comment.skin.url}`, title: comment.skin.title }
    : comment.bundle
      ? { kind: page.onBundle, to: `/bundles/${comment.bundle.url}`, title: comment.bundle.title }
      : null;
  if (!item)
    return (
      <Text size="sm" c="dimmed">
        {page.itemGone}
      </Text>
    );
  return (
    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
      <Text span size="xs" c="dimmed" tt="uppercase" fw={700} mr={6}>
        {item.kind}
      </Text>
      <Anchor component={Link} to={item.to} inherit>
        {item.title}
      </Anchor>
    </Text>
  );
}
