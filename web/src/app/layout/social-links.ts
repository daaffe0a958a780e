import { IconBrandDiscord, IconBrandInstagram, IconBrandX, IconBrandYoutube } from '@tabler/icons-react';
import type { TablerIcon } from '@tabler/icons-react';
import { footerMessages } from './footer.messages';

export interface SocialLink {
  href: string;
  label: string;
  icon: TablerIcon;
}

export const socialLinks: readonly SocialLink[] = [
  { href: 'https://twitter.com/trackskins', label: footerMessages.socialLinks.twitter, icon: IconBrandX },
  {
    href: 'https://www.instagram.com/trackskins',
    label: footerMessages.socialLinks.instagram,
    icon: IconBrandInstagram,
  },
  {
    href: 'https://discord.gg/trackskins',
    label: footerMessages.socialLinks.discord,
    icon: IconBrandDiscord,
  },
  {
    href: 'https://www.youtube.com/@trackskins',
    label: footerMessages.socialLinks.youtube,
    icon: IconBrandYoutube,
  },
];
