// An author's social fields (spec 3) as links. The profile settings keep handles for the networks
// (a full address is accepted too) and a full https address for the website.

export type SocialNetwork = 'twitter' | 'instagram' | 'twitch' | 'discord' | 'facebook' | 'website';

/** The order they are shown in. */
export const SOCIAL_NETWORKS: readonly SocialNetwork[] = [
  'twitter',
  'instagram',
  'twitch',
  'discord',
  'facebook',
  'website',
];

export interface SocialLink {
  network: SocialNetwork;
  /** What is written: the handle or the site's address without the scheme. */
  label: string;
  /** Where it leads; null for a Discord username, which has no public address. */
  href: string | null;
}

export type SocialFields = Partial<Record<SocialNetwork, string | null>>;

const profileBases: Record<Exclude<SocialNetwork, 'website' | 'discord'>, string> = {
  twitter: 'https://x.com/',
  instagram: 'https://www.instagram.com/',
  twitch: 'https://www.twitch.tv/',
  facebook: 'https://www.facebook.com/',
};

/** Addresses of a network that a full link may point to. */
const networkHosts: Record<Exclude<SocialNetwork, 'website'>, readonly string[]> = {
  twitter: ['twitter.com', 'x.com'],
  instagram: ['instagram.com'],
  twitch: ['twitch.tv'],
  discord: ['discord.gg', 'discord.com'],
  facebook: ['facebook.com', 'fb.com'],
};

const HANDLE = /^@?([A-Za-z0-9_.-]{1,100})$/;

/** An http(s) address, or null for anything else (javascript:, data:, text). */
function webAddress(text: string): URL | null {
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

function onHost(url: URL, hosts: readonly string[]): boolean {
  const host = url.hostname.toLowerCase();
  return hosts.some((allowed) => host === allowed || host.endsWith(`.${allowed}`));
}

function addressLabel(url: URL): string {
  return `${url.host}${url.pathname === '/' ? '' : url.pathname}`;
}

export function socialLinkOf(network: SocialNetwork, raw: string | null | undefined): SocialLink | null {
  const text = raw?.trim();
  if (!text) return null;

  if (network === 'website') {
    const url = webAddress(text);
    return url ? { network, label: addressLabel(url), href: url.href } : null;
  }

  // A full link to the network's own site is kept as it is.
  if (/^(https?:\/\/|www\.)/i.test(text) || text.includes('/')) {
    const url = webAddress(text);
    if (!url || !onHost(url, networkHosts[network])) return null;
    return { network, label: addressLabel(url), href: url.href };
  }

  const handle = HANDLE.exec(text)?.[1];
  if (network === 'discord') {
    // A Discord username has no public page: it is shown to be copied.
    return { network, label: text.slice(0, 100), href: null };
  }
  if (!handle) return null;
  return {
    network,
    label: network === 'facebook' ? handle : `@${handle}`,
    href: `${profileBases[network]}${encodeURIComponent(handle)}`,
  };
}

/** The filled social fields as links, in the order of SOCIAL_NETWORKS. */
export function socialLinksOf(fields: SocialFields): SocialLink[] {
  return SOCIAL_NETWORKS.flatMap((network) => {
    const link = socialLinkOf(network, fields[network]);
    return link ? [link] : [];
  });
}
