export { postJson } from './post-json';
export type { RestAnswer } from './post-json';
export { downloadWithToken, filenameFromContentDisposition } from './download-file';
export type { DownloadAnswer } from './download-file';
