import { z } from 'zod';
import { hasVisibleText } from '../text/visible-text';
import { installValidationMessages } from '../text/validation-messages';

// Zod's fallback texts are for programmers: people read these schemas' failures (validation-messages.ts).
installValidationMessages();

// The tag rules shared by the skin editor, the skins list's filter, the admin page and the API.

/** The groups of the curated list, in the order pickers and filters show them. */
export const TAG_GROUPS = ['STYLE', 'COLOR', 'LIVERY', 'TEAM'] as const;
export type TagGroup = (typeof TAG_GROUPS)[number];

export const tagGroupLabels: Record<TagGroup, string> = {
  STYLE: 'Style',
  COLOR: 'Color',
  LIVERY: 'Livery type',
  TEAM: 'Team',
};

/** A skin carries at most this many tags, so that each one still says something about it. */
export const TAGS_PER_SKIN_MAX = 5;
/** The list filter combines at most this many tags (a skin has at most five anyway). @alias */
export const TAG_FILTER_MAX = TAGS_PER_SKIN_MAX;
export const TAG_NAME_MIN = 2;
export const TAG_NAME_MAX = 30;
export const TAG_SLUG_MIN = 2;
export const TAG_SLUG_MAX = 30;

export const tagMessages = {
  tooMany: `A skin can have at most ${TAGS_PER_SKIN_MAX} tags.`,
  unknown: (slugs: string[]) =>
    `${slugs.length === 1 ? 'This tag is' : 'These tags are'} not on the list: ${slugs.join(', ')}. Choose tags from the list.`,
  nameLength: `A tag name has ${TAG_NAME_MIN} to ${TAG_NAME_MAX} characters.`,
  slug: `A tag's link name has ${TAG_SLUG_MIN} to ${TAG_SLUG_MAX} lowercase letters, digits and single dashes (for example "racing-livery").`,
  nameTaken: (name: string) => `There is already a tag named "${name}".`,
  slugTaken: (slug: string) => `There is already a tag whose link name is "${slug}".`,
  group: 'Choose a group.',
  position: 'The position is a whole number from 0 to 1000.',
} as const;

/** A tag's link name, as it appears in `/skins?tag=…`. */
export const tagSlug = z
  .string()
  .trim()
  .toLowerCase()
  .min(TAG_SLUG_MIN, tagMessages.slug)
  .max(TAG_SLUG_MAX, tagMessages.slug)
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, tagMessages.slug);

/** The link name made from a tag's name: lowercase, accents dropped, words joined by dashes. */
export function tagSlugOf(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, TAG_SLUG_MAX)
    .replace(/-+$/g, '');
}

const tagName = z
  .string()
  .trim()
  .min(TAG_NAME_MIN, tagMessages.nameLength)
  .max(TAG_NAME_MAX, tagMessages.nameLength)
  .refine((value) => [...value].length >= TAG_NAME_MIN, tagMessages.nameLength)
  .refine(hasVisibleText, tagMessages.nameLength);

/** What an admin may change of a tag: its name, group and place in the group. */
export const tagChange = z.object({
  name: tagName,
  group: z.enum(TAG_GROUPS, { error: tagMessages.group }),
  position: z
    .number({ error: tagMessages.position })
    .int(tagMessages.position)
    .min(0, tagMessages.position)
    .max(1000, tagMessages.position)
    .nullish()
    .transform((value) => value ?? 0),
});
export type TagChange = z.infer<typeof tagChange>;

/**
 * An admin's new tag: the link name defaults to the name's. It stays fixed afterwards, so the
 * links to a filtered list keep working when the tag is renamed.
 */
export const tagInput = tagChange
  .extend({
    slug: z
      .string()
      .nullish()
      .transform((value) => (value?.trim() ? value : null)),
  })
  .transform((tag, context) => {
    const parsed = tagSlug.safeParse(tag.slug ?? tagSlugOf(tag.name));
    if (!parsed.success) {
      context.addIssue({ code: 'custom', message: tagMessages.slug, path: ['slug'] });
      return z.NEVER;
    }
    return { ...tag, slug: parsed.data };
  });
export type TagInput = z.infer<typeof tagInput>;

/**
 * The tags an author gives a skin: link names, each once, at most five. Null (not sent) leaves an
 * updated skin's tags as they are.
 */
export const skinTagSlugs = z
  .array(tagSlug)
  .nullish()
  .transform((list) => (list ? [...new Set(list)] : null))
  .refine((list) => list === null || list.length <= TAGS_PER_SKIN_MAX, tagMessages.tooMany);

/**
 * The list filter's tags, from the `tag` URL parameter (repeated or comma separated) or the API
 * argument: well-formed link names, each once; malformed ones are dropped, not refused, since a
 * link may be old or edited by hand.
 */
export function tagFilterOf(values: readonly string[]): string[] {
  const slugs = values
    .flatMap((value) => value.split(','))
    .map((value) => tagSlug.safeParse(value))
    .flatMap((parsed) => (parsed.success ? [parsed.data] : []));
  return [...new Set(slugs)].slice(0, TAG_FILTER_MAX);
}
