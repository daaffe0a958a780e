import { z } from 'zod';
import { formatWholeEuros } from '../money';
import { hasVisibleText } from '../text/visible-text';
import { skinTagSlugs } from './tags.schemas';
import { installValidationMessages } from '../text/validation-messages';

// Zod's fallback texts are for programmers: people read these schemas' failures (validation-messages.ts).
installValidationMessages();

// The skin and bundle editor rules (spec 5 and 9, decisions.md), shared by the web forms and the API.
export const TITLE_MIN = 4;
export const TITLE_MAX = 60;
export const DESCRIPTION_MAX = 200;
export const PRICE_MIN_EUR = 2;
export const PRICE_MAX_EUR = 500;
export const IMAGES_MAX = 10;
export const IMAGE_MAX_BYTES = 8_000_000;
export const SKIN_ZIP_MAX_BYTES = 26_214_400;
export const COMMENT_MIN = 3;
export const COMMENT_MAX = 2000;
/** The author's own skins offered for linking (variations, bundle contents): one page of 100. */
export const LINKABLE_SKINS_PAGE = 100;

export const GAME_TYPES = ['TM2020', 'TMNF', 'TM_TURBO', 'TM2', 'TMUF', 'TM_SUNRISE', 'TM'] as const;
export type GameType = (typeof GAME_TYPES)[number];

export const editorMessages = {
  zipMissing: 'You must select your skin ZIP file.',
  zipUploading: 'You must wait for the ZIP file to finish uploading.',
  zipFailed: 'Remove the ZIP file that failed or choose another one.',
  imageMissing: 'You must upload at least one image.',
  imageFailed: 'You must fix any images that failed to upload.',
  titleRequired: 'Skin name is a required field.',
  titleLength: `Name must have ${TITLE_MIN} to ${TITLE_MAX} characters.`,
  descriptionLength: `Description can have up to ${DESCRIPTION_MAX} characters.`,
  bundleDescriptionRequired: 'Description is a required field.',
  priceNegative: 'Price cannot be negative.',
  priceMin: `Minimum price for paid skins is ${formatWholeEuros(PRICE_MIN_EUR)}.`,
  priceMax: `Maximum price for paid skins is ${formatWholeEuros(PRICE_MAX_EUR)}. Contact us if you need a higher price.`,
  priceCents: 'Price can have at most two decimals.',
  tooManyImages: `You can upload at most ${IMAGES_MAX} images.`,
  videoUrl: 'Enter a full video link starting with https://',
  color: 'Choose a color.',
  bundleSkins: 'Choose at least one of your skins for the bundle.',
  commentLength: `A comment must have at least ${COMMENT_MIN} characters.`,
  commentTooLong: `A comment can have at most ${COMMENT_MAX} characters.`,
} as const;

/** Price in euros as typed: empty or 0 is free; otherwise 2 to 500 with at most two decimals. */
export const priceEur = z
  .number()
  .nullish()
  .transform((value) => value ?? 0)
  .superRefine((value, context) => {
    if (value < 0) context.addIssue({ code: 'custom', message: editorMessages.priceNegative });
    else if (value > 0 && value < PRICE_MIN_EUR)
      context.addIssue({ code: 'custom', message: editorMessages.priceMin });
    else if (value > PRICE_MAX_EUR) context.addIssue({ code: 'custom', message: editorMessages.priceMax });
    else if (Math.abs(Math.round(value * 100) - value * 100) > 1e-6)
      context.addIssue({ code: 'custom', message: editorMessages.priceCents });
  });

/**
 * Pay what you want: the price is then the least a buyer pays and they may pay more (up to the
 * highest price). Only a paid item can be; a free one is saved without it.
 */
const payWhatYouWant = z
  .boolean()
  .nullish()
  .transform((value) => value ?? false);

/** Euros (as the API and forms carry them) to integer cents. */
export const centsOf = (eur: number): number => Math.round(eur * 100);

/** Characters as people (and PostgreSQL's char_length) count them: an emoji is one, not two. */
const characters = (value: string) => [...value].length;

/** The name of a skin or bundle: 4 to 60 visible characters. */
export const itemTitle = z
  .string({ error: editorMessages.titleRequired })
  .trim()
  .min(1, editorMessages.titleRequired)
  .min(TITLE_MIN, editorMessages.titleLength)
  .max(TITLE_MAX, editorMessages.titleLength)
  .refine((value) => characters(value) >= TITLE_MIN, editorMessages.titleLength)
  // Zero-width spaces or direction marks alone would show as an empty name.
  .refine(hasVisibleText, editorMessages.titleRequired);

const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .nullish()
    .transform((value) => value ?? '');

const videoUrl = z
  .string()
  .trim()
  .max(300, editorMessages.videoUrl)
  .nullish()
  .transform((value) => (value ? value : null))
  .refine((value) => value === null || /^https?:\/\/[^\s]+\.[^\s]+$/i.test(value), editorMessages.videoUrl);

const color = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, editorMessages.color)
  .nullish()
  .transform((value) => (value ? value.toLowerCase() : null));

const id = z.coerce.number().int().positive();

/** An image or skin source: a temporary upload, or a resource the item already has. */
export const resourceInput = z.object({
  id,
  temporary: z.boolean(),
  type: z.enum(['IMAGE', 'SKIN_SOURCE']),
  order: z.number().int().min(0).max(1000),
});
export type ResourceInput = z.infer<typeof resourceInput>;

const images = z
  .array(resourceInput.extend({ type: z.literal('IMAGE') }))
  .min(1, editorMessages.imageMissing)
  .max(IMAGES_MAX, editorMessages.tooManyImages)
  .transform((list) => [...list].sort((a, b) => a.order - b.order));

/** createSkin and updateSkin (spec 7.2). The secondary color is kept only with the two-color toggle. */
export const skinInput = z
  .object({
    id: id.nullish(),
    title: itemTitle,
    description: optionalText(DESCRIPTION_MAX, editorMessages.descriptionLength),
    type: z.enum(GAME_TYPES),
    price: priceEur,
    payWhatYouWant,
    availableAlone: z
      .boolean()
      .nullish()
      .transform((value) => value ?? true),
    videoUrl,
    colorPrimary: color,
    colorSecondary: color,
    colorVariations: z
      .array(id)
      .max(50)
      .nullish()
      .transform((list) => [...new Set(list ?? [])]),
    images,
    skinSource: resourceInput.extend({ type: z.literal('SKIN_SOURCE') }).nullish(),
    /** Tag link names from the curated list (docs/catalogue.md, "Tags"); null keeps an updated skin's tags. */
    tags: skinTagSlugs,
  })
  .transform((skin) => ({
    ...skin,
    payWhatYouWant: skin.payWhatYouWant && skin.price > 0,
    colorVariations: skin.colorVariations.filter((variation) => variation !== skin.id),
  }));
export type SkinInput = z.infer<typeof skinInput>;

/** createBundle and updateBundle (spec 7.2): the author's own skins, listed once each. */
export const bundleInput = z
  .object({
    id: id.nullish(),
    title: itemTitle,
    description: z
      .string({ error: editorMessages.bundleDescriptionRequired })
      .trim()
      .min(1, editorMessages.bundleDescriptionRequired)
      .max(DESCRIPTION_MAX, editorMessages.descriptionLength),
    type: z.enum(GAME_TYPES),
    price: priceEur,
    payWhatYouWant,
    videoUrl,
    skins: z
      .array(z.object({ id, availableAlone: z.boolean().nullish(), price: z.number().nullish() }))
      .min(1, editorMessages.bundleSkins)
      .max(100)
      .transform((list) => [...new Map(list.map((skin) => [skin.id, skin])).values()]),
    images,
  })
  .transform((bundle) => ({ ...bundle, payWhatYouWant: bundle.payWhatYouWant && bundle.price > 0 }));
export type BundleInput = z.infer<typeof bundleInput>;

/** A comment: plain text, at least 3 characters once trimmed. */
export const commentText = z
  .string()
  .trim()
  .min(COMMENT_MIN, editorMessages.commentLength)
  .max(COMMENT_MAX, editorMessages.commentTooLong)
  .refine((value) => characters(value) >= COMMENT_MIN, editorMessages.commentLength)
  .refine(hasVisibleText, editorMessages.commentLength);
