// Uploads of the skin and bundle editors (spec 4 "Upload"): temporary assets with progress, the
// numbered and sortable screenshots, and the skin's .zip.
export { ImageUploadField } from './image-upload-field';
export type { ImageUploadFieldProps } from './image-upload-field';
export { TEMPORARY_ASSET_PATH, uploadTemporaryAsset } from './upload-asset';
export type { AssetType, UploadHandle, UploadOutcome } from './upload-asset';
export { isRetryable, uploadFailureMessage, uploadMessages } from './uploads.messages';
export { useFileUpload } from './use-file-upload';
export type { FileUpload, FileUploadState } from './use-file-upload';
export { useImageUploads } from './use-image-uploads';
export type { ImageItem, ImageUploads, KeptImage } from './use-image-uploads';
export { ZipUploadField, zipRefusalOf } from './zip-upload-field';
export type { ZipUploadFieldProps } from './zip-upload-field';
