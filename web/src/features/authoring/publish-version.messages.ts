// Texts of the skin editor's "Publish a new version" section.
export const publishVersionMessages = {
  title: 'Publish a new version',
  description:
    'Upload the changed ZIP and say what changed. Downloads serve the new version at once; owners and followers are told, and earlier versions stay downloadable for owners.',
  zip: 'New skin ZIP',
  zipHint: 'The whole skin, as for the first upload. The same file as the current version is refused.',
  changelog: 'What changed',
  changelogPlaceholder: 'Sharper stripes on the doors, fixed the mirror colors…',
  changelogHint: (max: number) => `Plain text, up to ${max} characters.`,
  zipRequired: 'Upload the new skin ZIP file.',
  zipUploading: 'Wait until the ZIP file has finished uploading.',
  zipFailed: 'The ZIP file was not uploaded. Retry or remove it.',
  submit: 'Publish version',
  publishing: 'Publishing the new version…',
  published: (version: number) => `Version ${version} is published.`,
  failed: 'The version could not be published.',
  notListed: 'New versions can be published once the skin is published and visible to everyone.',
} as const;
