import { IconBrandDiscord, IconBrandInstagram, IconBrandX, IconBrandYoutube } from '@tabler/icons-react';
import type { TablerIcon } from '@tabler/icons-react';
import { appMessages } from '../app.messages';

export interface SocialLink {
  href: string;
  label: string;
  icon: TablerIcon;
}

export const socialLinks: readonly SocialLink[] = [
  { href: 'https://twitter.com/trackskins', label: appMessages.footer.socialLinks.twitter, icon: IconBrandX },
  {
    href: 'https://www.instagram.com/trackskins',
    label: appMessages.footer.socialLinks.instagram,
    icon: IconBrandInstagram,
  },
  {
    href: 'https://discord.gg/trackskins',
    label: appMessages.footer.socialLinks.discord,
    icon: IconBrandDiscord,
  },
  {
    href: 'https://www.youtube.com/@trackskins',
    label: appMessages.footer.socialLinks.youtube,
    icon: IconBrandYoutube,
  },
];
