// The screenshot gallery with its lightbox and the privacy-friendly video (skins, bundles, the
// Skin of the Month). The lightbox's code and styles load when a gallery is first approached.
export { galleryImagesOf } from './gallery-images';
export type { GalleryResource } from './gallery-images';
export { galleryMessages } from './gallery.messages';
export { MediaGallery } from './media-gallery';
export type { GalleryImage, MediaGalleryProps } from './media-gallery';
export { autoplayUrl, videoEmbedOf } from './video-embed';
export type { VideoEmbed } from './video-embed';
