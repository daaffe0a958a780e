import { appMessages } from '../app.messages';

// The main sections linked from the top bar (spec 2.4).
export const mainNavigation = [
  { to: '/skins', label: appMessages.nav.skins },
  { to: '/bundles', label: appMessages.nav.bundles },
  { to: '/authors', label: appMessages.nav.authors },
] as const;

const footerLinks = appMessages.footer.links;

// Static and policy pages; their routes come from the static-pages feature.
export const learnLinks = [
  { to: '/about', label: footerLinks.about },
  { to: '/about-payout-system', label: footerLinks.payouts },
  { to: '/installation-guide', label: footerLinks.installation },
  { to: '/faq', label: footerLinks.faq },
  { to: '/blog', label: footerLinks.blog },
  { to: '/roadmap', label: footerLinks.roadmap },
] as const;

export const legalLinks = [
  { to: '/terms-of-service', label: footerLinks.terms },
  { to: '/refunds', label: footerLinks.refunds },
  { to: '/privacy', label: footerLinks.privacy },
  { to: '/submissions', label: footerLinks.submissions },
] as const;

export const marketplaceLinks = [
  ...mainNavigation,
  { to: '/cart/summary', label: footerLinks.cart },
] as const;
