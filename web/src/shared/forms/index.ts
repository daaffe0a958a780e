export { readFileAsDataUrl } from './read-file';
export { useErrorsAfterSubmit } from './use-errors-after-submit';
export type { ErrorsAfterSubmit } from './use-errors-after-submit';
