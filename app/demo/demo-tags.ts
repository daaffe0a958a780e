import { sql } from 'slonik';
import { TAGS_PER_SKIN_MAX } from '../../domain/catalog/tags.schemas';
import type { Queryable } from '../../infra/db/pool';
import type { LiveryPattern } from './demo-artwork';

/** What a demo skin's tags are read from: its design and colors, and a few hand-picked themes. */
export type TaggableDemoSkin = {
  id: number;
  title: string;
  primary: string;
  secondary: string;
  pattern: LiveryPattern;
};

/** The style a livery pattern reads as, when it reads as one of the curated styles. */
const STYLE_OF_PATTERN: Partial<Record<LiveryPattern, string>> = {
  camo: 'camo',
  carbon: 'carbon',
  circuit: 'neon',
  stripes: 'racing',
  chevrons: 'racing',
  split: 'clean',
  fade: 'minimal',
  pixels: 'retro',
};

// Themes a look at the design would give: retro homages, national colors, anime, chrome, sponsors.
const THEMES: Record<string, string[]> = {
  'Stadium Classic 06': ['retro', 'replica'],
  'Prague Tram Retro': ['retro'],
  'Turbo Bleu 93': ['retro', 'national'],
  'Tricolore Rallye': ['national'],
  'Lone Star Flyer': ['national'],
  'Union Rain': ['national'],
  'Sisu Classic White': ['national', 'clean'],
  'Carnaval Verde': ['national', 'fantasy'],
  'Carnaval Azul': ['fantasy'],
  'Sakura Drift Pink': ['anime'],
  'Sakura Drift White': ['anime'],
  'Sakura Drift Night': ['anime'],
  'Neon Drift Runner': ['anime', 'esports'],
  'Hanabi Burst': ['anime', 'fantasy'],
  'Route 66 Chrome': ['chrome', 'retro'],
  'Werk 01 Silberpfeil': ['chrome', 'team-livery'],
  'Langstrecke 24': ['team-livery', 'sponsor'],
  'Werk 02 Canyon': ['team-livery'],
  'Toro Gold Edition': ['sponsor'],
  'Apex Predator': ['esports'],
  'Revontulet Pro': ['esports'],
  'Interlagos Heat': ['sponsor'],
  'Brick Lane Spray': ['graffiti'],
  'Bus Stop Red': ['replica'],
  'Shinkansen Blue': ['replica'],
  'Primary Blocks Racer': ['minimal'],
  'Kaamos Dark': ['minimal'],
};

/** The curated color whose name fits a hex color best (hue, with black, white and gold apart). */
export function colorTagOf(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16) / 255) as [
    number,
    number,
    number,
  ];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const lightness = (max + min) / 2;
  const saturation = max === min ? 0 : (max - min) / (1 - Math.abs(2 * lightness - 1));
  if (lightness < 0.11) return 'black';
  if (lightness > 0.9 || (saturation < 0.2 && lightness > 0.6)) return 'white';
  if (saturation < 0.2) return 'black';
  const hue =
    max === r
      ? (60 * ((g - b) / (max - min)) + 360) % 360
      : max === g
        ? 60 * ((b - r) / (max - min)) + 120
        : 60 * ((r - g) / (max - min)) + 240;
  if (hue < 15 || hue >= 345) return 'red';
  if (hue < 35) return 'orange';
  // Deep amber reads as gold; the lighter ones as yellow.
  if (hue < 47 && lightness < 0.6) return 'gold';
  if (hue < 70) return 'yellow';
  if (hue < 165) return 'green';
  if (hue < 255) return 'blue';
  if (hue < 300) return 'purple';
  return 'pink';
}

/** A demo skin's tags: its themes, its pattern's style, its two colors; at most five, each once. */
export function demoTagsOf(skin: Omit<TaggableDemoSkin, 'id'>): string[] {
  const style = STYLE_OF_PATTERN[skin.pattern];
  const tags = [
    ...(THEMES[skin.title] ?? []),
    ...(style ? [style] : []),
    colorTagOf(skin.primary),
    colorTagOf(skin.secondary),
  ];
  return [...new Set(tags)].slice(0, TAGS_PER_SKIN_MAX);
}

/** Tags the demo skins (one statement), so the skins list's tag filter has something to show. */
export async function tagDemoSkins(db: Queryable, skins: readonly TaggableDemoSkin[]): Promise<void> {
  const pairs = skins.flatMap((skin) => demoTagsOf(skin).map((slug) => ({ skinId: skin.id, slug })));
  await db.query(sql.unsafe`
    insert into skin_tags (skin_id, tag_id)
    select p.skin_id, t.id
    from unnest(${sql.array(
      pairs.map((pair) => pair.skinId),
      'int8',
    )}, ${sql.array(
      pairs.map((pair) => pair.slug),
      'text',
    )}) as p(skin_id, slug)
    join tags t on t.slug = p.slug::citext
    on conflict do nothing`);
}
