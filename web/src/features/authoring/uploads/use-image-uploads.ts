import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { IMAGE_MAX_BYTES, IMAGES_MAX } from '../../../../../domain/catalog/item-editor.schemas';
import { uploadTemporaryAsset } from './upload-asset';
import type { UploadHandle } from './upload-asset';
import { isRetryable, uploadFailureMessage, uploadMessages } from './uploads.messages';

/** One picture of a skin or bundle: an upload under way, done or failed, or one the item already has. */
export interface ImageItem {
  key: string;
  name: string;
  /** What the tile shows: the picked file (an object URL) or the kept resource's picture. */
  previewUrl: string;
  status: 'uploading' | 'done' | 'failed';
  /** 0 to 1 while uploading. */
  progress: number;
  /** The asset id once uploaded (temporary) or the kept resource's id. */
  id: string | null;
  temporary: boolean;
  error: string | null;
  /** Whether trying the same file again may help. */
  retryable: boolean;
  file: File | null;
}

/** A picture the item already has (editing). */
export interface KeptImage {
  id: string;
  name: string;
  previewUrl: string;
}

export interface ImageUploads {
  items: ImageItem[];
  /**
   * Appends files in the order given and uploads each at once; a file that is no PNG or JPEG or is
   * too large is appended as failed with the spec's message. Returns how many did not fit.
   */
  add: (files: File[]) => number;
  remove: (key: string) => void;
  retry: (key: string) => void;
  move: (fromKey: string, toKey: string) => void;
  /** Replaces the list with the item's kept pictures (an editor that loaded its item). */
  reset: (kept: KeptImage[]) => void;
  uploading: boolean;
  failed: boolean;
  /** The uploaded and kept pictures in order, as the mutations take them. */
  resources: { id: string; temporary: boolean; type: 'IMAGE'; order: number }[];
}

/** Spec 5: PNG and JPEG only (by type, or by name when the browser gives no type), at most 8 MB. */
function refusalOf(file: File): string | null {
  const byType = file.type === 'image/png' || file.type === 'image/jpeg';
  const byName = file.type === '' && /\.(png|jpe?g)$/i.test(file.name);
  if (!byType && !byName) return uploadMessages.imageInvalid;
  if (file.size > IMAGE_MAX_BYTES) return uploadMessages.imageTooLarge;
  return null;
}

let nextKey = 0;
const newKey = () => `image-${(nextKey += 1)}`;

const keptItem = (image: KeptImage): ImageItem => ({
  key: newKey(),
  name: image.name,
  previewUrl: image.previewUrl,
  status: 'done',
  progress: 1,
  id: image.id,
  temporary: false,
  error: null,
  retryable: false,
  file: null,
});

/**
 * The pictures of an editor (spec 4 "Upload"): dropped files are appended in order and each
 * uploads at once with its progress; failed ones stay, marked, until removed or retried; dragging
 * reorders and the first is the thumbnail. At most IMAGES_MAX pictures.
 */
export function useImageUploads(initial: KeptImage[] = []): ImageUploads {
  const [items, setItems] = useState<ImageItem[]>(() => initial.map(keptItem));
  const current = useRef(items);
  const uploads = useRef(new Map<string, UploadHandle>());
  const objectUrls = useRef(new Set<string>());

  const update = useCallback((change: (list: ImageItem[]) => ImageItem[]) => {
    current.current = change(current.current);
    setItems(current.current);
  }, []);
  const patch = useCallback(
    (key: string, changes: Partial<ImageItem>) =>
      update((list) => list.map((item) => (item.key === key ? { ...item, ...changes } : item))),
    [update],
  );

  // Leaving the editor stops the uploads and frees the previews.
  useEffect(() => {
    const handles = uploads.current;
    const urls = objectUrls.current;
    return () => {
      for (const handle of handles.values()) handle.abort();
      handles.clear();
      for (const url of urls) URL.revokeObjectURL(url);
      urls.clear();
    };
  }, []);

  const start = useCallback(
    (key: string, file: File) => {
      let lastPercent = -1;
      const handle = uploadTemporaryAsset(file, 'IMAGE', (fraction) => {
        const percent = Math.floor(fraction * 100);
        if (percent === lastPercent) return;
        lastPercent = percent;
        patch(key, { progress: fraction });
      });
      uploads.current.set(key, handle);
      void handle.done.then((outcome) => {
        if (uploads.current.get(key) !== handle) return;
        uploads.current.delete(key);
        if (outcome.ok) patch(key, { status: 'done', progress: 1, id: outcome.id, temporary: true });
        else
          patch(key, {
            status: 'failed',
            error: uploadFailureMessage(outcome.code, 'IMAGE'),
            retryable: isRetryable(outcome.code),
          });
      });
    },
    [patch],
  );

  const previewOf = useCallback((file: File) => {
    const url = URL.createObjectURL(file);
    objectUrls.current.add(url);
    return url;
  }, []);

  const add = useCallback(
    (files: File[]) => {
      const room = Math.max(0, IMAGES_MAX - current.current.length);
      const taken = files.slice(0, room);
      const fresh = taken.map((file): ImageItem => {
        const refusal = refusalOf(file);
        return {
          key: newKey(),
          name: file.name,
          previewUrl: refusal === uploadMessages.imageInvalid ? '' : previewOf(file),
          status: refusal ? 'failed' : 'uploading',
          progress: 0,
          id: null,
          temporary: true,
          error: refusal,
          retryable: !refusal,
          file,
        };
      });
      update((list) => [...list, ...fresh]);
      for (const item of fresh) if (item.file && item.status === 'uploading') start(item.key, item.file);
      return files.length - taken.length;
    },
    [previewOf, start, update],
  );

  const remove = useCallback(
    (key: string) => {
      uploads.current.get(key)?.abort();
      uploads.current.delete(key);
      const item = current.current.find((candidate) => candidate.key === key);
      if (item && objectUrls.current.has(item.previewUrl)) {
        URL.revokeObjectURL(item.previewUrl);
        objectUrls.current.delete(item.previewUrl);
      }
      update((list) => list.filter((candidate) => candidate.key !== key));
    },
    [update],
  );

  const retry = useCallback(
    (key: string) => {
      const item = current.current.find((candidate) => candidate.key === key);
      if (!item?.file || item.status !== 'failed' || !item.retryable) return;
      patch(key, { status: 'uploading', progress: 0, error: null });
      start(key, item.file);
    },
    [patch, start],
  );

  const move = useCallback(
    (fromKey: string, toKey: string) =>
      update((list) => {
        const from = list.findIndex((item) => item.key === fromKey);
        const to = list.findIndex((item) => item.key === toKey);
        if (from === -1 || to === -1 || from === to) return list;
        const next = [...list];
        const [moved] = next.splice(from, 1);
        if (moved) next.splice(to, 0, moved);
        return next;
      }),
    [update],
  );

  const reset = useCallback(
    (kept: KeptImage[]) => {
      for (const handle of uploads.current.values()) handle.abort();
      uploads.current.clear();
      update(() => kept.map(keptItem));
    },
    [update],
  );

  const resources = useMemo(
    () =>
      items
        .filter((item) => item.status === 'done' && item.id !== null)
        .map((item, order) => ({
          id: item.id as string,
          temporary: item.temporary,
          type: 'IMAGE' as const,
          order,
        })),
    [items],
  );

  return {
    items,
    add,
    remove,
    retry,
    move,
    reset,
    uploading: items.some((item) => item.status === 'uploading'),
    failed: items.some((item) => item.status === 'failed'),
    resources,
  };
}
