import { Anchor, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconStar } from '@tabler/icons-react';
import { useState } from 'react';
import { useMutation } from 'urql';
import { openAuthModal, useSession } from '../../../shared/session';
import { SkinStars } from '../../../shared/skin-card';
import { RateSkinMutation } from '../lib/skins.documents';
import { hasVotedThisSession, rememberVote } from '../lib/voted-skins';
import { skinsMessages } from '../skins.messages';
import classes from './skin-rating.module.css';

const messages = skinsMessages.rating;

const STAR_VALUES = [1, 2, 3, 4, 5] as const;

/** Five star buttons: hovering or focusing previews, a click votes; the viewer's vote is marked. */
function VoteStars({
  value,
  disabled,
  onVote,
}: {
  value: number | null;
  disabled: boolean;
  onVote: (rating: number) => void;
}) {
  const [preview, setPreview] = useState<number | null>(null);
  const shown = disabled ? (value ?? 0) : (preview ?? value ?? 0);
  return (
    <div
      className={classes.stars}
      role="group"
      aria-label={messages.groupLabel}
      onMouseLeave={() => setPreview(null)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setPreview(null);
      }}
    >
      {STAR_VALUES.map((star) => {
        const filled = star <= shown;
        return (
          <UnstyledButton
            key={star}
            className={classes.star}
            data-filled={filled || undefined}
            data-own={value === star || undefined}
            disabled={disabled}
            aria-label={messages.starLabel(star)}
            aria-pressed={value === star}
            onMouseEnter={() => setPreview(star)}
            onFocus={() => setPreview(star)}
            onClick={() => onVote(star)}
          >
            {/* One icon whatever the state: a swapped element between press and release loses the click. */}
            <IconStar size={26} aria-hidden />
          </UnstyledButton>
        );
      })}
    </div>
  );
}

export interface SkinRatingProps {
  skinId: string;
  /** The server refuses votes on one's own skin and on hidden ones. */
  authorId: string;
  published: boolean;
  rating: { average: number; totalRatings: number; usersRating?: number | null };
  /** How many votes come from people who owned or downloaded the skin (verified reviews). */
  verifiedRatings?: number;
}

/**
 * The average (two decimals) and the number of votes for everyone; the vote stars only with a
 * session (spec 4). A vote calls rateSkin, thanks the voter and locks the stars for the session.
 */
export function SkinRating({
  skinId,
  authorId,
  published,
  rating: initial,
  verifiedRatings,
}: SkinRatingProps) {
  const { user } = useSession();
  const [{ fetching }, rateSkin] = useMutation(RateSkinMutation);
  const [rating, setRating] = useState(initial);
  const locked = user !== null && hasVotedThisSession(user.id, skinId);

  // A refetched skin (another vote elsewhere) brings newer figures. The viewer's vote is asked apart
  // from the skin and may come later; a vote once cast never goes back to none.
  const [seen, setSeen] = useState(initial);
  if (seen !== initial) {
    setSeen(initial);
    setRating({ ...initial, usersRating: initial.usersRating ?? rating.usersRating });
  }

  const vote = async (value: number) => {
    if (!user || locked || fetching) return;
    const result = await rateSkin({ rating: value, skinId: Number(skinId) });
    if (result.error || !result.data) {
      console.error('The vote could not be saved', result.error);
      notifications.show({ color: 'red', message: messages.failed });
      return;
    }
    rememberVote(user.id, skinId);
    setRating(result.data.rateSkin);
    notifications.show({
      id: `vote-${skinId}`,
      color: 'teal',
      message: messages.thanks,
    });
  };

  return (
    <Stack gap="xs">
      <Group gap="sm" wrap="wrap">
        <SkinStars
          average={rating.average}
          count={rating.totalRatings}
          size="md"
          withAverage
          withCount={false}
        />
        <Text size="sm" c="dimmed" aria-hidden>
          {messages.votes(rating.totalRatings)}
        </Text>
      </Group>
      {verifiedRatings !== undefined && rating.totalRatings > 0 ? (
        <Text size="xs" c="dimmed">
          {messages.verifiedVotes(Math.min(verifiedRatings, rating.totalRatings), rating.totalRatings)}
        </Text>
      ) : null}
      {user && String(user.id) === authorId ? (
        <Text size="sm" c="dimmed">
          {messages.ownSkin}
        </Text>
      ) : user && !published ? null : user ? (
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            {rating.usersRating ? messages.yourVote : messages.rateIt}
          </Text>
          <VoteStars value={rating.usersRating ?? null} disabled={locked || fetching} onVote={vote} />
          {locked ? (
            <Text size="xs" c="dimmed">
              {messages.locked}
            </Text>
          ) : null}
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          <Anchor component="button" type="button" size="sm" fw={600} onClick={() => openAuthModal('login')}>
            {messages.signIn}
          </Anchor>{' '}
          {messages.signInToRate}
        </Text>
      )}
    </Stack>
  );
}
