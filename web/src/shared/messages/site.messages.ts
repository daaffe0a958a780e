// The product's name and tagline, shown in the top bar, the hero, the footer and page titles.
export const siteMessages = {
  name: 'TrackSkins',
  tagline: 'Custom car skins for Trackmania',
  documentTitle: (page?: string) =>
    page ? `${page} | TrackSkins` : 'TrackSkins — custom car skins for Trackmania',
} as const;
