import { z } from 'zod';
import { plainText } from '../text/plain-text';
import { hasVisibleText } from '../text/visible-text';
import { installValidationMessages } from '../text/validation-messages';

// Zod's fallback texts are for programmers: people read these schemas' failures (validation-messages.ts).
installValidationMessages();

export const CHANGELOG_MIN = 3;
export const CHANGELOG_MAX = 1000;

export const skinVersionMessages = {
  changelogLength: `Describe what changed in ${CHANGELOG_MIN} to ${CHANGELOG_MAX} characters.`,
  changelogTooLong: `A changelog may have at most ${CHANGELOG_MAX} characters.`,
  fileRequired: 'Upload the new skin ZIP file.',
} as const;

const characters = (value: string) => [...value].length;

/**
 * A version's changelog as people typed it: plain text (line breaks kept as `\n`, other control
 * characters dropped), trimmed, 3 to 1000 characters that show something. The web form and the API
 * use this one schema.
 */
export const skinChangelog = z
  .string({ error: skinVersionMessages.changelogLength })
  .transform(plainText)
  .transform((value) => value.trim())
  .refine((value) => characters(value) >= CHANGELOG_MIN, skinVersionMessages.changelogLength)
  .refine((value) => characters(value) <= CHANGELOG_MAX, skinVersionMessages.changelogTooLong)
  .refine(hasVisibleText, skinVersionMessages.changelogLength);

/** publishSkinVersion's arguments: the skin, the temporary upload of its new zip, the changelog. */
export const publishSkinVersionInput = z.object({
  skinId: z.coerce.number().int().positive(),
  file: z.coerce.number({ error: skinVersionMessages.fileRequired }).int().positive(),
  changelog: skinChangelog,
});
export type PublishSkinVersionInput = z.infer<typeof publishSkinVersionInput>;
