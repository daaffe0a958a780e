import type { GalleryImage } from './media-gallery';

/** What the gallery reads of a skin's or bundle's resources. */
export interface GalleryResource {
  id: string;
  type: 'IMAGE' | 'SKIN_SOURCE';
  order: number;
  title?: string | null;
  url?: string | null;
  cardUrl?: string | null;
  previewUrl?: string | null;
  width?: number | null;
  height?: number | null;
}

/** The screenshots among the resources, in their order, with every size the gallery needs. */
export function galleryImagesOf(resources: readonly GalleryResource[]): GalleryImage[] {
  return resources
    .filter((resource) => resource.type === 'IMAGE' && resource.url)
    .sort((a, b) => a.order - b.order)
    .map((resource) => ({
      id: resource.id,
      title: resource.title,
      url: resource.url!,
      previewUrl: resource.previewUrl ?? resource.url!,
      cardUrl: resource.cardUrl ?? resource.previewUrl ?? resource.url!,
      width: resource.width,
      height: resource.height,
    }));
}
