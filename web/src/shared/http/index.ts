export { postJson } from './post-json';
export type { RestAnswer } from './post-json';
export { downloadWithToken } from './download-file';
