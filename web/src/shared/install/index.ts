export { InstallHelper } from './install-helper';
export { installFolder } from './install-folders';
export { installMessages } from './install.messages';
