import { Anchor, Badge, Button, Group, Skeleton, Stack, Text, Textarea, Title } from '@mantine/core';
import {
  IconBan,
  IconLogin2,
  IconMessageCircle,
  IconRosetteDiscountCheck,
  IconUserOff,
} from '@tabler/icons-react';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from 'urql';
import { formatDate } from '../format';
import { ListLoadError } from '../listing';
import { moderationUiMessages, ReportButton } from '../moderation';
import { openAuthModal, useSession } from '../session';
import { UserAvatar } from '../ui';
import { CountryFlag } from '../ui/country-flag';
import { DeferredTooltip } from '../ui/deferred-tooltip';
import { itemKey, targetOf, useModeration } from './comment-target';
import type { Comment, CommentedItem } from './comment-target';
import { ItemCommentsQuery } from './comments.documents';
import { commentsMessages as messages } from './comments.messages';
import classes from './item-comments.module.css';

/** Spec 7.2: comments come 10 a page, newest first. */
export const COMMENTS_PAGE_SIZE = 10;

export type { CommentedItem } from './comment-target';

// The form and its validation (zod) load for signed-in users only; visitors see the sign-in box.
const CommentForm = lazy(() => import('./comment-form').then((module) => ({ default: module.CommentForm })));

const pageVariables = (item: CommentedItem, page: number, moderation: boolean) => ({
  ...targetOf(item),
  page: { page, size: COMMENTS_PAGE_SIZE, sortBy: 'createdAt', sortDirection: 'DESC' as const },
  moderation,
});

/**
 * What admins alone see of a comment hidden from everyone else: an admin's removal with its reason,
 * or a writer whose account is blocked.
 */
function HiddenCommentNote({ comment }: { comment: Comment }) {
  const { removal } = comment;
  if (removal) {
    return (
      <div className={classes.removedNote}>
        <IconBan size={16} aria-hidden className={classes.removedIcon} />
        <div>
          <Text size="sm" fw={600} className={classes.removedReason}>
            {moderationUiMessages.removal.label} {removal.reason}
          </Text>
          <Text size="xs" c="dimmed">
            {moderationUiMessages.removal.detail(formatDate(removal.at), removal.by?.username ?? null)}
          </Text>
        </div>
      </div>
    );
  }
  if (comment.user.blocked) {
    return (
      <div className={classes.removedNote}>
        <IconUserOff size={16} aria-hidden className={classes.removedIcon} />
        <Text size="sm" fw={600} className={classes.removedReason}>
          {moderationUiMessages.removal.blockedWriter}
        </Text>
      </div>
    );
  }
  return null;
}

function CommentItem({ comment }: { comment: Comment }) {
  const { user } = comment;
  // Removed comments and those of blocked accounts come back to admins only.
  const hidden = Boolean(comment.removal) || user.blocked === true;
  return (
    <li className={classes.comment} data-removed={hidden || undefined}>
      <UserAvatar username={user.username} url={user.avatar?.url} size={40} radius="xl" decorative />
      <div className={classes.body}>
        <Group gap={8} wrap="nowrap" justify="space-between" align="flex-start">
          <Group gap={8} wrap="wrap" className={classes.header} miw={0}>
            <Group gap={6} wrap="nowrap" miw={0}>
              <CountryFlag code={user.country} size="0.9rem" />
              {user.url ? (
                <Anchor
                  component={Link}
                  to={`/authors/${encodeURIComponent(user.url)}`}
                  fw={700}
                  size="sm"
                  c="var(--mantine-color-text)"
                  truncate
                >
                  {user.username}
                </Anchor>
              ) : (
                // A deleted account: its comment stays, with no page to link to.
                <Text component="span" fw={700} size="sm" c="dimmed" truncate>
                  {user.username}
                </Text>
              )}
            </Group>
            <Text component="span" size="xs" c="dimmed">
              <time dateTime={comment.createdAt}>{formatDate(comment.createdAt)}</time>
            </Text>
            {comment.verified ? (
              <DeferredTooltip label={messages.verifiedHint} withArrow>
                <Badge
                  variant="light"
                  color="teal"
                  radius="sm"
                  size="sm"
                  leftSection={<IconRosetteDiscountCheck size={12} aria-hidden />}
                  aria-label={`${messages.verified}: ${messages.verifiedHint}`}
                  tabIndex={0}
                >
                  {messages.verified}
                </Badge>
              </DeferredTooltip>
            ) : null}
          </Group>
          {hidden ? null : (
            <ReportButton
              itemType="COMMENT"
              itemId={comment.id}
              authorId={user.id}
              variant="comment"
              writer={user.username}
            />
          )}
        </Group>
        {hidden ? <HiddenCommentNote comment={comment} /> : null}
        {/* Plain text: React escapes it, and line breaks stay as the writer typed them. */}
        <Text size="sm" className={classes.text}>
          {comment.text}
        </Text>
      </div>
    </li>
  );
}

/** A further page of comments (the first one is the section's own query). */
function CommentsPage({
  item,
  page,
  onLoaded,
}: {
  item: CommentedItem;
  page: number;
  onLoaded: (page: number, ids: readonly string[]) => void;
}) {
  const moderation = useModeration();
  const [{ data, error }] = useQuery({
    query: ItemCommentsQuery,
    variables: pageVariables(item, page, moderation),
  });
  const comments = data?.comments.content;
  useEffect(() => {
    if (comments)
      onLoaded(
        page,
        comments.map((comment) => comment.id),
      );
  }, [comments, page, onLoaded]);
  useEffect(() => {
    if (error) console.error('A page of comments could not be loaded', error);
  }, [error]);
  return comments?.map((comment) => <CommentItem key={comment.id} comment={comment} />) ?? null;
}

/**
 * Visitors see the spec's placeholder in a read-only box (spec 5); a click on it or on the button
 * opens the sign-in modal.
 */
function SignInToComment() {
  return (
    <div className={classes.form}>
      <Textarea
        aria-label={messages.writeLabel}
        placeholder={messages.loginPlaceholder}
        readOnly
        // Two rows as drawn, never measured: the box does not grow (autosize would measure the page).
        rows={2}
        onClick={() => openAuthModal('login')}
        className={classes.locked}
      />
      <Button
        leftSection={<IconLogin2 size={18} aria-hidden />}
        onClick={() => openAuthModal('login')}
        className={classes.formButton}
      >
        {messages.signIn}
      </Button>
    </div>
  );
}

/**
 * A skin's or a bundle's comments (spec 2.5, 2.7): newest first, 10 at a time with 'Load more', each
 * with the writer's avatar, flag, name (a link to their page) and date; the text is shown as plain
 * text. Signed-in users write one at the top.
 */
export function ItemComments({ item }: { item: CommentedItem }) {
  const { user } = useSession();
  const moderation = useModeration();
  const [{ data, fetching, error }, refetch] = useQuery({
    query: ItemCommentsQuery,
    variables: pageVariables(item, 0, moderation),
  });
  const key = itemKey(item);
  useEffect(() => {
    if (error) console.error('The comments could not be loaded', error);
  }, [error]);

  // Pages after the first, and how many comments each of them brought.
  const [pages, setPages] = useState(1);
  const [loaded, setLoaded] = useState<Record<number, number>>({});
  // Comments written here, newest first, shown above the loaded ones (spec 4).
  const [posted, setPosted] = useState<Comment[]>([]);
  const [seenItem, setSeenItem] = useState(key);
  if (seenItem !== key) {
    setSeenItem(key);
    setPages(1);
    setLoaded({});
    setPosted([]);
  }
  const onPosted = useCallback((comment: Comment) => setPosted((current) => [comment, ...current]), []);
  const onLoaded = useCallback(
    (page: number, ids: readonly string[]) =>
      setLoaded((current) => (current[page] === ids.length ? current : { ...current, [page]: ids.length })),
    [],
  );

  const first = data?.comments;
  const firstIds = new Set(first?.content.map((comment) => comment.id) ?? []);
  const newOnes = posted.filter((comment) => !firstIds.has(comment.id));
  const total = (first?.pageInfo.totalElements ?? 0) + newOnes.length;
  const totalPages = first?.pageInfo.totalPages ?? 0;
  const shown =
    newOnes.length +
    (first?.content.length ?? 0) +
    Array.from({ length: pages - 1 }, (_, index) => loaded[index + 1] ?? 0).reduce((a, b) => a + b, 0);
  const nextLoading = pages > 1 && loaded[pages - 1] === undefined;

  let content;
  if (first && first.content.length + newOnes.length > 0) {
    content = (
      <>
        <ul className={classes.list}>
          {newOnes.map((comment) => (
            <CommentItem key={comment.id} comment={comment} />
          ))}
          {first.content.map((comment) => (
            <CommentItem key={comment.id} comment={comment} />
          ))}
          {Array.from({ length: pages - 1 }, (_, index) => (
            <CommentsPage key={index + 1} item={item} page={index + 1} onLoaded={onLoaded} />
          ))}
        </ul>
        {pages < totalPages ? (
          <Stack align="center" gap={6} mt="lg">
            <Button variant="default" onClick={() => setPages(pages + 1)} loading={nextLoading}>
              {messages.loadMore}
            </Button>
            <Text size="xs" c="dimmed" aria-live="polite">
              {messages.shownOf(shown, total)}
            </Text>
          </Stack>
        ) : null}
      </>
    );
  } else if (first) {
    content = (
      <div className={classes.empty}>
        <IconMessageCircle size={28} stroke={1.5} aria-hidden />
        <Text c="dimmed">{messages.none}</Text>
      </div>
    );
  } else if (error && !fetching) {
    content = (
      <ListLoadError
        message={messages.loadFailed}
        onRetry={() => refetch({ requestPolicy: 'network-only' })}
      />
    );
  } else {
    content = (
      <Stack gap="lg" role="status" aria-busy="true" aria-label={messages.loading}>
        {[0, 1, 2].map((index) => (
          <Group key={index} gap="md" wrap="nowrap" align="flex-start" aria-hidden>
            <Skeleton circle h={40} w={40} />
            <Stack gap={8} style={{ flex: 1 }}>
              <Skeleton h={12} w="30%" />
              <Skeleton h={12} w="85%" />
            </Stack>
          </Group>
        ))}
      </Stack>
    );
  }

  return (
    <section className={classes.section} aria-labelledby="comments-title">
      <Group gap="sm" align="center" mb="md">
        <Title order={2} id="comments-title" className={classes.title}>
          {messages.title}
        </Title>
        {first && total > 0 ? (
          <Badge variant="light" radius="sm" size="lg" aria-label={messages.count(total)}>
            {total}
          </Badge>
        ) : null}
      </Group>
      <Text size="xs" c="dimmed" mb="sm">
        {messages.howChecked}{' '}
        <Anchor component={Link} to="/terms-of-service#reviews" size="xs">
          {messages.howCheckedLink}
        </Anchor>
      </Text>
      {user ? (
        <Suspense fallback={<div className={classes.formPlaceholder} />}>
          <CommentForm key={key} item={item} onPosted={onPosted} />
        </Suspense>
      ) : (
        <SignInToComment />
      )}
      {content}
    </section>
  );
}
