import {
  DESCRIPTION_MAX,
  IMAGES_MAX,
  itemTitle,
  priceEur,
} from '../../../../../domain/catalog/item-editor.schemas';
import { priceOf } from './editor-form';

/** A rule of "Before you start": met (a tick), broken (a cross) or not filled in yet (a dot). */
export type RuleState = 'holds' | 'broken' | 'open';
export type PublishingRule = 'name' | 'description' | 'price' | 'images' | 'zip';

export type EditorSnapshot = {
  title: string;
  description: string;
  price: number | string;
  images: { count: number; failed: boolean };
  /** The skin file's upload, for a new skin; absent when the form has no file (bundles, edits). */
  zip?: 'done' | 'uploading' | 'failed' | null;
};

/**
 * How each rule stands for what the author has filled in, by the same schemas the save uses, so a
 * tick is shown only for a rule that holds.
 */
export function publishingRuleStates(form: EditorSnapshot): Record<PublishingRule, RuleState> {
  const description = form.description.trim();
  return {
    name: form.title.trim() === '' ? 'open' : itemTitle.safeParse(form.title).success ? 'holds' : 'broken',
    description: [...description].length <= DESCRIPTION_MAX ? (description ? 'holds' : 'open') : 'broken',
    price: priceEur.safeParse(priceOf(form.price)).success ? 'holds' : 'broken',
    images:
      form.images.failed || form.images.count > IMAGES_MAX
        ? 'broken'
        : form.images.count > 0
          ? 'holds'
          : 'open',
    zip: form.zip === 'done' ? 'holds' : form.zip === 'failed' ? 'broken' : 'open',
  };
}
