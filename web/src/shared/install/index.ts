export { InstallHelper } from './install-helper';
export { installFolder, INSTALL_SYSTEMS, type InstallFolder, type InstallSystem } from './install-folders';
export { installMessages } from './install.messages';
