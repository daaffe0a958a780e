// A skin's or bundle's video link (videoUrl) as a privacy-friendly embed: YouTube through
// youtube-nocookie.com, Vimeo with do-not-track. Any other link gives no embed (the gallery shows instead).

export interface VideoEmbed {
  provider: 'YouTube' | 'Vimeo';
  id: string;
  /** The iframe address; add autoplay when the visitor has asked to play. */
  embedUrl: string;
}

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const YOUTUBE_HOSTS = new Set([
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'music.youtube.com',
  'youtube-nocookie.com',
  'www.youtube-nocookie.com',
]);
const VIMEO_HOSTS = new Set(['vimeo.com', 'www.vimeo.com', 'player.vimeo.com']);

/** A start time such as 90, 90s or 1m30s, in seconds. */
function startSeconds(value: string | null): number | null {
  if (!value) return null;
  const match = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s?)?$/.exec(value);
  if (!match || value === '') return null;
  const [, h = '0', m = '0', s = '0'] = match;
  const seconds = Number(h) * 3600 + Number(m) * 60 + Number(s);
  return seconds > 0 ? seconds : null;
}

function youtubeIdOf(url: URL): string | null {
  const host = url.hostname.toLowerCase();
  if (host === 'youtu.be' || host === 'www.youtu.be') return url.pathname.split('/')[1] ?? null;
  if (!YOUTUBE_HOSTS.has(host)) return null;
  if (url.pathname === '/watch') return url.searchParams.get('v');
  const [, kind, id] = url.pathname.split('/');
  return kind && ['embed', 'shorts', 'live', 'v'].includes(kind) ? (id ?? null) : null;
}

function youtubeEmbed(url: URL): VideoEmbed | null {
  const id = youtubeIdOf(url);
  if (!id || !YOUTUBE_ID.test(id)) return null;
  const params = new URLSearchParams({ rel: '0' });
  const start = startSeconds(url.searchParams.get('t') ?? url.searchParams.get('start'));
  if (start) params.set('start', String(start));
  return { provider: 'YouTube', id, embedUrl: `https://www.youtube-nocookie.com/embed/${id}?${params}` };
}

function vimeoEmbed(url: URL): VideoEmbed | null {
  if (!VIMEO_HOSTS.has(url.hostname.toLowerCase())) return null;
  // vimeo.com/123, vimeo.com/123/abcdef (unlisted), vimeo.com/channels/x/123, player.vimeo.com/video/123
  const parts = url.pathname.split('/').filter(Boolean);
  const index = parts.findIndex((part) => /^\d+$/.test(part));
  if (index < 0) return null;
  const id = parts[index]!;
  const params = new URLSearchParams({ dnt: '1' });
  const hash = url.searchParams.get('h') ?? parts[index + 1];
  if (hash && /^[a-f0-9]+$/i.test(hash)) params.set('h', hash);
  return { provider: 'Vimeo', id, embedUrl: `https://player.vimeo.com/video/${id}?${params}` };
}

export function videoEmbedOf(link: string | null | undefined): VideoEmbed | null {
  const text = link?.trim();
  if (!text) return null;
  let url: URL;
  try {
    url = new URL(/^https?:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  return youtubeEmbed(url) ?? vimeoEmbed(url);
}

/** The embed address that starts playing at once (after the visitor pressed play). */
export function autoplayUrl(embed: VideoEmbed): string {
  return `${embed.embedUrl}&autoplay=1`;
}
