// Following authors: the Follow button of author and skin pages, and its texts.
export { FollowButton, REFRESHED_BY_FOLLOWS } from './follow-button';
export { followsMessages } from './follows.messages';
