import type { ReportReason } from '../../../../domain/moderation/moderation.schemas';

// Apart from the report form: the page's report button needs these at once, the form (with its
// validation library) only when the dialog opens.

/** The user's report of an item: what the page needs to show "Reported". */
export type KnownReport = { reason: ReportReason; reportedAt: string | null };

/**
 * A report's answer changes the user's `myReport` of the item: queries that ask for it name the
 * type, so urql's document cache drops them even when they answered null.
 */
export const REPORT_TYPENAMES = { additionalTypenames: ['Report'] };
