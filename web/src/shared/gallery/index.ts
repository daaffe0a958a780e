// The screenshot gallery with its lightbox and the privacy-friendly video (skins, bundles, the
// Skin of the Month). The lightbox's code and styles load when a gallery is first approached.
export { galleryImagesOf } from './gallery-images';
export { galleryMessages } from './gallery.messages';
export { MediaGallery } from './media-gallery';
export { videoEmbedOf } from './video-embed';
