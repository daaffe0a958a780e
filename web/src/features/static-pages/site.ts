/** Facts about the site that the static pages repeat. Change them here, not in the page texts. */
export const SITE_NAME = 'TrackSkins';

/** One inbox for support, refunds, payouts, privacy and legal questions. */
export const CONTACT_EMAIL = 'support@trackskins.example';
export const CONTACT_MAILTO = `mailto:${CONTACT_EMAIL}`;

/** Dates of the current versions of the policy pages (ISO, shown as DD. MM. YYYY). */
export const PAGE_DATES = {
  payoutSystem: '2023-09-18',
  roadmap: '2023-09-14',
  // Deleting an account: what becomes of comments, ratings, skins and pending shares.
  terms: '2026-11-28',
  // The right of withdrawal and the consent to immediate delivery (docs/withdrawal.md).
  refunds: '2026-11-28',
  // The archive of one's data and the deletion of the account (docs/account-deletion.md).
  privacy: '2026-11-28',
  submissions: '2022-07-01',
} as const;
