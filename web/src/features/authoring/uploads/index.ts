// Uploads of the skin and bundle editors (spec 4 "Upload"): temporary assets with progress, the
// numbered and sortable screenshots, and the skin's .zip.
export { ImageUploadField } from './image-upload-field';
export { useFileUpload } from './use-file-upload';
export type { FileUpload, FileUploadState } from './use-file-upload';
export { useImageUploads } from './use-image-uploads';
export type { ImageUploads, KeptImage } from './use-image-uploads';
export { ZipUploadField } from './zip-upload-field';
