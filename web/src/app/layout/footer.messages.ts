// Texts of the footer, apart from the shell's: the footer loads after the page.
export const footerMessages = {
  about:
    'Custom car skins for Trackmania, made by players. Authors publish and sell; players download, rate and comment.',
  marketplace: 'Marketplace',
  learn: 'Learn',
  legal: 'Legal',
  social: 'Follow TrackSkins',
  links: {
    about: 'About',
    payouts: 'Author payouts and fees',
    installation: 'Installation guide',
    faq: 'FAQ',
    blog: 'Blog',
    roadmap: 'Roadmap',
    terms: 'Terms of service',
    refunds: 'Refund policy',
    privacy: 'Privacy policy',
    submissions: 'Submission rules',
    cart: 'Shopping cart',
  },
  socialLinks: {
    twitter: 'TrackSkins on X (Twitter)',
    instagram: 'TrackSkins on Instagram',
    discord: 'TrackSkins on Discord',
    youtube: 'TrackSkins on YouTube',
  },
  copyright: (year: number) => `© ${year} TrackSkins`,
  disclaimer:
    'Trackmania is a trademark of Ubisoft Nadeo. TrackSkins is a community marketplace and is not affiliated with them.',
  opensInNewTab: '(opens in a new tab)',
} as const;
