import type { ModeratedItemType } from '../../../../domain/moderation/moderation.schemas';

// What players and authors see of moderation (docs/moderation.md, docs/web-moderation-for-players.md):
// the Report button and form, the takedown notices of an author's items, removed comments for admins.
// The reasons' labels and the form's rules come from domain/moderation/moderation.schemas.ts.

const nouns: Record<ModeratedItemType, string> = { SKIN: 'skin', BUNDLE: 'bundle', COMMENT: 'comment' };
export const nounOf = (itemType: ModeratedItemType) => nouns[itemType];

export const moderationUiMessages = {
  report: 'Report',
  reportItem: (itemType: ModeratedItemType) => `Report this ${nounOf(itemType)}`,
  reportCommentBy: (username: string) => `Report the comment by ${username}`,
  signInToReport: (itemType: ModeratedItemType) => `Sign in to report this ${nounOf(itemType)}`,
  reported: 'Reported',
  reportedCommentBy: (username: string) => `You reported the comment by ${username}`,
  reportedOn: (date: string) => `You reported it on ${date}.`,
  reportedHere: (itemType: ModeratedItemType) => `You reported this ${nounOf(itemType)}.`,

  form: {
    title: (itemType: ModeratedItemType) => `Report this ${nounOf(itemType)}`,
    intro: (itemType: ModeratedItemType) =>
      `Tell the admins what is wrong with this ${nounOf(itemType)}. Only admins read reports; nobody else learns who sent one.`,
    reason: 'What is wrong?',
    text: 'Details',
    textOptional: 'Optional: anything that helps the admins, such as a link to the original work.',
    textRequired: (min: number) => `Required for “Something else”: at least ${min} characters.`,
    textPlaceholder: 'What should the admins look at?',
    counter: (used: number, max: number) => `${used} / ${max}`,
    counterLabel: (used: number, max: number) => `${used} of ${max} characters`,
    send: 'Send report',
    cancel: 'Cancel',
    close: 'Close',
    checking: 'Checking whether you already reported it…',
    alreadyTitle: 'Already reported',
    already: (itemType: ModeratedItemType, date: string, reason: string) =>
      `You reported this ${nounOf(itemType)} on ${date} (“${reason}”). An admin will look at it; a report can be sent only once.`,
    fixFields: 'Check the marked fields.',
  },

  sent: 'Thank you. An admin will look at it.',
  refusals: {
    conflict: (itemType: ModeratedItemType) =>
      `You already reported this ${nounOf(itemType)}. An admin will look at it.`,
    forbidden: (itemType: ModeratedItemType) => `You cannot report your own ${nounOf(itemType)}.`,
    notFound: (itemType: ModeratedItemType) =>
      `This ${nounOf(itemType)} is no longer available: its author hid it or an admin removed it.`,
    tooMany: 'You sent many reports in the last hour. Please wait a while before sending more.',
    failed: 'The report could not be sent. Check your connection and try again.',
  },

  takedown: {
    badge: 'Taken down by an admin',
    title: 'Taken down by an admin',
    onDate: (date: string) => `on ${date}`,
    reason: 'Reason:',
    byAdmin: (username: string) => `by ${username}`,
    forAuthor: (itemType: ModeratedItemType) =>
      `Players cannot find, open or buy this ${nounOf(itemType)}; those who bought it keep their downloads. You can still edit it, but you cannot publish it again until an admin restores it.`,
    forAdmin: (itemType: ModeratedItemType) =>
      `Only its author and admins can open this ${nounOf(itemType)}.`,
    rules: 'Read the submission rules',
    listNote: 'Hidden from players until an admin restores it; it cannot be published.',
    toggleDisabled: (itemType: ModeratedItemType) =>
      `An admin took this ${nounOf(itemType)} down: it stays hidden from players until an admin restores it, so you cannot publish it.`,
  },

  removal: {
    label: 'Removed by an admin:',
    detail: (date: string, admin: string | null) =>
      admin
        ? `Removed on ${date} by ${admin}. Only admins see it.`
        : `Removed on ${date}. Only admins see it.`,
    blockedWriter: 'Hidden from players: the writer’s account is blocked. Only admins see it.',
  },
} as const;
