import { IMAGES_MAX } from '../../../../../domain/catalog/item-editor.schemas';
import type { AssetType } from './upload-asset';

// Texts of the image and skin-file uploads (spec 5 and 8 "Upload messages").
export const uploadMessages = {
  imageInvalid: 'Invalid file. Only JPG and PNG images are allowed.',
  zipInvalid: 'Invalid file. Make sure you are uploading a valid .zip file.',
  imageTooLarge: 'Image is too large.',
  zipTooLarge: 'File is too large. Limit is 25 MB.',
  imageOther: 'There was an error uploading the image. Remove it and try again.',
  zipOther: 'There was an error uploading the file. Remove it and try again.',
  /** The per-user upload limits (the server's UPLOAD_QUOTA_FULL and DAILY_UPLOAD_LIMIT). */
  quotaFull:
    'You have too many files waiting to be saved. Save your skin or bundle first, then upload the rest.',
  dailyLimit: 'You have reached today’s upload limit. Try again tomorrow.',
  /** Spec 5: a picked file that is no .zip or is larger than 25 MB. */
  zipPicked: 'Must be a valid ZIP file (Max. 25 MB)',

  images: {
    drop: 'Drag screenshots here or click to choose them',
    /** The same on a touch screen, where nothing is dragged in. */
    dropTouch: 'Tap here to choose screenshots',
    dropFull: `You have added ${IMAGES_MAX} screenshots, the most an item can have.`,
    dropHint: `PNG or JPEG, up to ${IMAGES_MAX} files, each at most 8 MB.`,
    order: 'Drag the pictures to change their order: the first one is the thumbnail.',
    orderTouch: 'Hold a picture’s handle and move it to change the order: the first one is the thumbnail.',
    count: (count: number) => `${count} / ${IMAGES_MAX}`,
    listLabel: 'Screenshots, in order',
    thumbnail: 'Thumbnail',
    number: (position: number) => `Screenshot ${position}`,
    alt: (position: number, name: string) =>
      name ? `Screenshot ${position}: ${name}` : `Screenshot ${position}`,
    dragHandle: (position: number) => `Move screenshot ${position}`,
    remove: (position: number) => `Remove screenshot ${position}`,
    retry: (position: number) => `Upload screenshot ${position} again`,
    uploading: (percent: number) => `Uploading... ${percent} %`,
    processing: 'Processing...',
    tooMany: (left: number) =>
      left === 0
        ? `You can upload at most ${IMAGES_MAX} images.`
        : `You can upload at most ${IMAGES_MAX} images: only the first ${left} were added.`,
    dragStart: (position: number) => `Picked up screenshot ${position}.`,
    dragOver: (from: number, to: number) => `Screenshot ${from} is over position ${to}.`,
    dragEnd: (from: number, to: number) => `Screenshot ${from} moved to position ${to}.`,
    dragCancel: (position: number) => `Moving cancelled. Screenshot ${position} stays where it was.`,
    dragInstructions:
      'To move a screenshot, press Space or Enter on its handle, use the arrow keys, then press Space or Enter again. Escape cancels.',
  },
  zip: {
    drop: 'Drag your skin .zip here or click to choose it',
    dropTouch: 'Tap here to choose your skin .zip',
    dropHint: 'One .zip file of at most 25 MB',
    uploaded: 'Uploaded',
    uploading: (percent: number) => `Uploading... ${percent} %`,
    processing: 'Checking the archive...',
    remove: 'Remove the file',
    replace: 'Choose another file',
    retry: 'Upload again',
    warningTitle: 'Check your archive',
  },
} as const;

/** The spec's text for a refused or failed upload. */
export function uploadFailureMessage(code: string | null, type: AssetType): string {
  const image = type === 'IMAGE';
  switch (code) {
    case 'UNKNOWN_FILENAME':
    case 'INVALID_FILENAME':
      return image ? uploadMessages.imageInvalid : uploadMessages.zipInvalid;
    case 'IMAGE_TOO_LARGE':
      return uploadMessages.imageTooLarge;
    case 'ZIP_TOO_LARGE':
      return uploadMessages.zipTooLarge;
    case 'UPLOAD_QUOTA_FULL':
      return uploadMessages.quotaFull;
    case 'DAILY_UPLOAD_LIMIT':
      return uploadMessages.dailyLimit;
    default:
      return image ? uploadMessages.imageOther : uploadMessages.zipOther;
  }
}

/** Whether trying the same file again may help: not when the server refused the file itself. */
export function isRetryable(code: string | null): boolean {
  return (
    code === null ||
    !['UNKNOWN_FILENAME', 'INVALID_FILENAME', 'IMAGE_TOO_LARGE', 'ZIP_TOO_LARGE'].includes(code)
  );
}
