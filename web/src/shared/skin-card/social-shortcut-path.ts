export interface SocialShortcutProps {
  /** A skin (`?s=`) or an author (`?a=`). */
  kind: 'skin' | 'author';
  /** The skin's or the author's url. */
  url: string;
  /** The skin's title or the author's name, for the accessible name. */
  title: string;
  className?: string;
}

/** Where the admin's social media page opens with a skin or an author chosen. */
export function socialShortcutPath(kind: SocialShortcutProps['kind'], url: string): string {
  return `/admin/social-media?${kind === 'skin' ? 's' : 'a'}=${encodeURIComponent(url)}`;
}
