import { z } from 'zod';
import { plainText } from '../text/plain-text';
import { hasVisibleText } from '../text/visible-text';
import { installValidationMessages } from '../text/validation-messages';

// Zod's fallback texts are for programmers: people read these schemas' failures (validation-messages.ts).
installValidationMessages();

// The moderation rules shared by the web forms and the API: reports, takedowns and account blocks.

/** What an admin can take down, and what anyone signed in can report. */
export const MODERATED_ITEM_TYPES = ['SKIN', 'BUNDLE', 'COMMENT'] as const;
export type ModeratedItemType = (typeof MODERATED_ITEM_TYPES)[number];

/** Why a user reports an item: the short list the report form offers (the submission rules). */
export const REPORT_REASONS = [
  'STOLEN',
  'INAPPROPRIATE',
  'MISLEADING',
  'MALWARE',
  'SPAM',
  'HARASSMENT',
  'OTHER',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const reportReasonLabels: Record<ReportReason, string> = {
  STOLEN: 'Stolen: not the uploader’s own work',
  INAPPROPRIATE: 'Not suitable for all ages (violence, nudity)',
  MISLEADING: 'Screenshots do not match the skin',
  MALWARE: 'Harmful or broken file',
  SPAM: 'Spam or advertising',
  HARASSMENT: 'Harassment or hate',
  OTHER: 'Something else',
};

export const REPORT_TEXT_MAX = 500;
/** "Something else" needs a few words of explanation. */
export const REPORT_OTHER_TEXT_MIN = 10;
export const MODERATION_REASON_MIN = 3;
export const MODERATION_REASON_MAX = 500;

export const moderationMessages = {
  reasonRequired: `Write the reason (at least ${MODERATION_REASON_MIN} characters).`,
  reasonTooLong: `A reason can have at most ${MODERATION_REASON_MAX} characters.`,
  reportTextTooLong: `A report can have at most ${REPORT_TEXT_MAX} characters.`,
  reportOtherText: `Tell us in a few words (at least ${REPORT_OTHER_TEXT_MIN} characters) what is wrong.`,
  reportReason: 'Choose why you report it.',
} as const;

const trimmedPlainText = (value: string) => plainText(value).trim();

/** An admin's reason for a takedown, a restore, a dismissal or a block: the author or user sees it. */
export const moderationReason = z
  .string()
  .transform(trimmedPlainText)
  .pipe(
    z
      .string()
      .min(MODERATION_REASON_MIN, moderationMessages.reasonRequired)
      .max(MODERATION_REASON_MAX, moderationMessages.reasonTooLong)
      .refine(hasVisibleText, moderationMessages.reasonRequired),
  );

/** An optional note (a restore or an unblock may say why, and need not). */
export const moderationNote = z
  .string()
  .transform(trimmedPlainText)
  .pipe(z.string().max(MODERATION_REASON_MAX, moderationMessages.reasonTooLong))
  .nullish()
  .transform((note) => (note ? note : null));

/** A report as the form sends it: a reason from the list and, for "Something else", some words. */
export const reportInput = z
  .object({
    reason: z.enum(REPORT_REASONS, moderationMessages.reportReason),
    text: z
      .string()
      .transform(trimmedPlainText)
      .pipe(z.string().max(REPORT_TEXT_MAX, moderationMessages.reportTextTooLong))
      .nullish()
      .transform((text) => text ?? ''),
  })
  .superRefine((report, context) => {
    if (report.reason === 'OTHER' && report.text.length < REPORT_OTHER_TEXT_MIN) {
      context.addIssue({ code: 'custom', path: ['text'], message: moderationMessages.reportOtherText });
    }
  });
export type ReportInput = z.output<typeof reportInput>;
