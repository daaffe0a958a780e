import { Button, type ButtonProps } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { graphqlFailureOf } from '../graphql/graphql-errors';
import { openAuthModal, useSession } from '../session';
import { FollowAuthorMutation, UnfollowAuthorMutation, ViewerAuthorStateQuery } from './follows.documents';
import { followsMessages as messages } from './follows.messages';

/** Queries that show follows refetch after a follow or an unfollow (urql's document cache, by type). */
export const REFRESHED_BY_FOLLOWS = { additionalTypenames: ['FollowResult'] };

export interface FollowButtonProps {
  authorId: string;
  username: string;
  size?: ButtonProps['size'];
  /** The author's follower count as the server gave it after a change. */
  onFollowerCount?: (count: number) => void;
}

/**
 * Follow / Following toggle. Visitors are asked to sign in; a signed-in viewer's state comes from
 * the server (viewerAuthorStates) and the button shows the change at once while it is saved, then
 * the server's answer. Authors see no button on their own page.
 */
export function FollowButton({ authorId, username, size = 'sm', onFollowerCount }: FollowButtonProps) {
  const { user } = useSession();
  const own = user !== null && String(user.id) === authorId;
  const [{ data }] = useQuery({
    query: ViewerAuthorStateQuery,
    variables: { ids: [authorId] },
    pause: user === null || own,
    context: REFRESHED_BY_FOLLOWS,
  });
  const [, follow] = useMutation(FollowAuthorMutation);
  const [, unfollow] = useMutation(UnfollowAuthorMutation);
  const [pending, setPending] = useState<boolean | null>(null);
  if (own) return null;

  const serverFollowing = data?.viewerAuthorStates.find((state) => state.id === authorId)?.following ?? false;
  const following = pending ?? serverFollowing;

  const toggle = async () => {
    if (!user) {
      openAuthModal('login');
      return;
    }
    if (pending !== null) return;
    const wanted = !following;
    setPending(wanted);
    const variables = { authorId: Number(authorId) };
    const result = wanted ? await follow(variables) : await unfollow(variables);
    setPending(null);
    const answer =
      result.data && ('followAuthor' in result.data ? result.data.followAuthor : result.data.unfollowAuthor);
    if (result.error || !answer) {
      notifications.show({
        color: 'red',
        message: result.error ? graphqlFailureOf(result.error).message : messages.failed,
      });
      return;
    }
    onFollowerCount?.(answer.followerCount);
    notifications.show({
      id: `follow-${authorId}`,
      color: 'teal',
      message: answer.following ? messages.followed(username) : messages.unfollowed(username),
    });
  };

  return (
    <Button
      size={size}
      radius="xl"
      variant={following ? 'light' : 'filled'}
      leftSection={following ? <IconCheck size={16} aria-hidden /> : <IconUserPlus size={16} aria-hidden />}
      aria-pressed={following}
      aria-label={following ? messages.unfollowLabel(username) : messages.followLabel(username)}
      onClick={toggle}
      data-testid="follow-button"
    >
      {following ? messages.following : messages.follow}
    </Button>
  );
}
