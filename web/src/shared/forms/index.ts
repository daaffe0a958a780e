export { readFileAsDataUrl } from './read-file';
export { useErrorsAfterSubmit } from './use-errors-after-submit';
