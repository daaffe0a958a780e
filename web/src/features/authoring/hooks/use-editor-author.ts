import { useMyUser } from '../../../shared/my-user/use-my-user';
import { useSession } from '../../../shared/session';
import type { ImageUploads } from '../uploads';
import { priceOf } from '../lib/editor-form';
import type { ItemValues } from './use-item-form';

/** The author a preview card names. */
export interface PreviewAuthor {
  id: string;
  url: string;
  username: string;
  country: string | null;
}

/**
 * The signed-in author for the editor's live preview: their account once it has loaded (the same
 * cached answer the menu reads), what the session token says until then (or if it fails).
 */
export function useEditorAuthor(): PreviewAuthor {
  const { user } = useSession();
  const { myUser } = useMyUser();
  return {
    id: String(user?.id ?? ''),
    url: myUser?.url ?? '',
    username: myUser?.username ?? user?.username ?? '',
    country: myUser?.country ?? user?.country ?? null,
  };
}

/** What every preview card shows of the item being edited. */
export function useCardPreview(
  item: { id: string; url: string; published: boolean } | null,
  values: ItemValues,
  images: ImageUploads,
  untitled: string,
) {
  const author = useEditorAuthor();
  const firstImage = images.items.find((image) => image.status !== 'failed' && image.previewUrl);
  return {
    id: item?.id ?? 'preview',
    url: item?.url ?? '',
    title: values.title.trim() || untitled,
    type: values.type,
    price: priceOf(values.price) ?? 0,
    published: item?.published ?? true,
    thumbnail: firstImage ? { id: firstImage.key, cardUrl: firstImage.previewUrl } : null,
    author,
  };
}
