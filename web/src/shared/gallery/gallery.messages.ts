// Texts of the screenshot gallery, its lightbox and the video player.
export const galleryMessages = {
  label: (title: string) => `Screenshots of ${title}`,
  open: (index: number, count: number) => `Open screenshot ${index} of ${count} in full size`,
  screenshot: (title: string, index: number) => `${title}, screenshot ${index}`,
  enlarge: 'Enlarge',
  viewer: 'Screenshot viewer',
  video: {
    play: 'Play video',
    provider: (provider: string) => `Plays from ${provider} when you start it`,
    title: (title: string) => `Video of ${title}`,
  },
} as const;
