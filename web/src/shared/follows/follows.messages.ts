// Texts of the Follow button (author pages, skin pages, the Following list).
import { formatCount } from '../format';

export const followsMessages = {
  follow: 'Follow',
  following: 'Following',
  unfollow: 'Unfollow',
  followLabel: (username: string) => `Follow ${username}`,
  unfollowLabel: (username: string) => `Stop following ${username}`,
  followed: (username: string) => `You follow ${username}: their new skins show on your homepage.`,
  unfollowed: (username: string) => `You no longer follow ${username}.`,
  failed: 'That did not work. Please try again.',
  followerCount: (count: number) => `${formatCount(count)} ${count === 1 ? 'follower' : 'followers'}`,
};
