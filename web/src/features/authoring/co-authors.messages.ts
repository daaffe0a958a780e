/** The texts of the editor's "Co-authors" section (docs/co-authors.md). */
export const coAuthorsMessages = {
  title: 'Co-authors',
  description:
    'Share this item’s sales with the people who made it with you. Each sale splits the author share by weight among you and the co-authors who accepted; changes apply to later sales only.',
  readOnly: 'Only the owner of this item manages its co-authors.',
  roles: { OWNER: 'Owner', INVITED: 'Invited', ACCEPTED: 'Co-author' } as const,
  you: ' (you)',
  username: 'Username',
  usernameHint: 'The co-author’s username on TrackSkins.',
  weight: 'Weight',
  weightHint: (min: number, max: number) => `A whole number from ${min} to ${max}.`,
  invite: 'Invite',
  invited: (username: string) => `${username} is invited. Nothing changes until they accept.`,
  full: (max: number) => `An item has at most ${max} authors, you included.`,
  share: (percent: string) => `${percent} of each sale’s author share`,
  pendingShare: 'Nothing until accepted',
  remove: 'Remove',
  withdraw: 'Withdraw invitation',
  removed: 'Removed. Later sales are split without them.',
  weightsTitle: 'Weights',
  preview: 'Preview the last 30 days',
  save: 'Save weights',
  saved: 'Weights saved. They apply to sales from now on.',
  previewTitle: (sales: number) =>
    sales === 0
      ? 'No paid sales in the last 30 days.'
      : `The last 30 days: ${sales} paid ${sales === 1 ? 'sale' : 'sales'}`,
  previewColumns: { author: 'Author', now: 'With the weights now', then: 'With these weights' },
  failed: 'That did not work. Try again.',
};
