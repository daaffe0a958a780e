import { footerMessages } from './footer.messages';
import { mainNavigation } from './navigation';

// The footer's link columns, apart from the top bar's sections: they load with the footer.
const footerLinks = footerMessages.links;

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
