import sharp from 'sharp';
import yazl from 'yazl';

/*
 * Pictures and skin archives for the demo catalogue, drawn as SVG and rendered by sharp. Everything
 * comes from a seeded generator, so a fresh start always shows the same catalogue.
 */

// ---------------------------------------------------------------------------------------------
// Seeded randomness

/** A small seeded generator (mulberry32 over a string hash): the same seed gives the same sequence. */
export type Random = {
  next(): number;
  int(min: number, max: number): number;
  between(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  shuffle<T>(items: readonly T[]): T[];
  hex(length: number): string;
};

export function createRandom(seed: string): Random {
  let h = 1779033703 ^ seed.length;
  for (let i = 0; i < seed.length; i++) {
    h = Math.imul(h ^ seed.charCodeAt(i), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  let state = h >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const random: Random = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    between: (min, max) => min + next() * (max - min),
    chance: (probability) => next() < probability,
    pick: (items) => {
      if (items.length === 0) throw new Error('Cannot pick from an empty list');
      return items[Math.floor(next() * items.length)] as (typeof items)[number];
    },
    shuffle: (items) => {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [copy[i], copy[j]] = [copy[j] as (typeof copy)[number], copy[i] as (typeof copy)[number]];
      }
      return copy;
    },
    hex: (length) => {
      let out = '';
      while (out.length < length) out += Math.floor(next() * 16).toString(16);
      return out;
    },
  };
  return random;
}

// ---------------------------------------------------------------------------------------------
// Colors

type Rgb = [number, number, number];

function rgbOf(hex: string): Rgb {
  const value = hex.replace('#', '');
  const full =
    value.length === 3
      ? value
          .split('')
          .map((c) => c + c)
          .join('')
      : value;
  const n = Number.parseInt(full.slice(0, 6), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function hexOf([r, g, b]: Rgb): string {
  const clamp = (v: number) => Math.max(0, Math.min(255, Math.round(v)));
  return `#${[r, g, b].map((v) => clamp(v).toString(16).padStart(2, '0')).join('')}`;
}

/** Mixes two colors: t = 0 gives a, t = 1 gives b. */
export function mix(a: string, b: string, t: number): string {
  const [ar, ag, ab] = rgbOf(a);
  const [br, bg, bb] = rgbOf(b);
  return hexOf([ar + (br - ar) * t, ag + (bg - ag) * t, ab + (bb - ab) * t]);
}

const lighten = (color: string, t: number) => mix(color, '#ffffff', t);
const darken = (color: string, t: number) => mix(color, '#000000', t);

// ---------------------------------------------------------------------------------------------
// Livery

export const liveryPatterns = [
  'stripes',
  'chevrons',
  'hex',
  'dots',
  'waves',
  'camo',
  'pixels',
  'flames',
  'split',
  'carbon',
  'tiger',
  'circuit',
  'stars',
  'fade',
] as const;
export type LiveryPattern = (typeof liveryPatterns)[number];

export type Livery = {
  primary: string;
  secondary: string;
  pattern: LiveryPattern;
  /** The race number painted on the doors. */
  number: number;
  /** Seeds the small details (sponsor shapes, pattern placement) so each skin differs. */
  seed: string;
};

/** A unique id prefix per SVG document (rsvg resolves ids per document, but keep them tidy). */
const BODY_PATH =
  'M 42 260 L 30 205 L 34 150 L 118 138 C 250 128 330 84 420 74 C 500 66 560 68 612 86 ' +
  'C 682 110 760 140 862 160 C 930 172 976 192 992 218 L 990 258 L 873.6 260 ' +
  'A 84 84 0 1 0 706.4 260 L 293.6 260 A 84 84 0 1 0 126.4 260 Z';
const WINDOW_PATH =
  'M 446 92 C 504 82 560 84 604 99 C 646 114 690 130 728 146 L 472 148 C 456 128 446 110 446 92 Z';
const REAR_WHEEL = { x: 210, y: 238, r: 64 };
const FRONT_WHEEL = { x: 790, y: 238, r: 64 };
/** The dark wheel well seen through an arch. */
const wheelWell = (x: number) => `M ${x - 83.6} 262 A 84 84 0 1 1 ${x + 83.6} 262 Z`;

function patternLayer(livery: Livery, id: string): string {
  const { primary, secondary } = livery;
  const random = createRandom(`${livery.seed}:pattern`);
  const accent = mix(secondary, primary, 0.35);
  switch (livery.pattern) {
    case 'stripes': {
      const y = random.int(150, 175);
      return `
        <rect x="0" y="${y}" width="1000" height="26" fill="${secondary}"/>
        <rect x="0" y="${y + 32}" width="1000" height="8" fill="${secondary}"/>
        <rect x="0" y="${y - 14}" width="1000" height="5" fill="${lighten(secondary, 0.4)}" opacity="0.8"/>`;
    }
    case 'chevrons': {
      let out = '';
      for (let x = 60; x < 1000; x += 110) {
        out += `<path d="M ${x} 60 L ${x + 60} 170 L ${x} 280 L ${x + 34} 280 L ${x + 94} 170 L ${x + 34} 60 Z" fill="${secondary}" opacity="${(0.35 + (x / 1000) * 0.65).toFixed(2)}"/>`;
      }
      return out;
    }
    case 'hex':
      return `
        <defs><pattern id="${id}-hex" width="42" height="72.7" patternUnits="userSpaceOnUse" patternTransform="rotate(${random.int(-8, 8)})">
          <path d="M 21 2 L 40 13 L 40 35 L 21 46 L 2 35 L 2 13 Z M 0 48 L 0 72.7 M 42 48 L 42 72.7" fill="none" stroke="${secondary}" stroke-width="5"/>
        </pattern>
        <linearGradient id="${id}-hexfade" x1="0" x2="1" y1="0" y2="0">
          <stop offset="0" stop-color="#fff" stop-opacity="1"/><stop offset="0.7" stop-color="#fff" stop-opacity="0"/>
        </linearGradient>
        <mask id="${id}-hexmask"><rect x="0" y="0" width="1000" height="300" fill="url(#${id}-hexfade)"/></mask></defs>
        <rect x="0" y="0" width="1000" height="300" fill="url(#${id}-hex)" mask="url(#${id}-hexmask)"/>`;
    case 'dots': {
      let out = '';
      for (let x = 10; x < 1000; x += 26) {
        for (let y = 70; y < 270; y += 26) {
          const r = Math.max(0, 11 * (1 - x / 760) + (y % 52 === 18 ? 0 : 0));
          if (r > 0.6)
            out += `<circle cx="${x + ((y / 26) % 2) * 13}" cy="${y}" r="${r.toFixed(1)}" fill="${secondary}"/>`;
        }
      }
      return out;
    }
    case 'waves': {
      let out = '';
      const phase = random.between(0, Math.PI * 2);
      for (let band = 0; band < 3; band++) {
        const base = 150 + band * 34;
        let d = `M 0 ${base}`;
        for (let x = 0; x <= 1000; x += 25) {
          d += ` L ${x} ${(base + Math.sin(x / 90 + phase + band) * 22).toFixed(1)}`;
        }
        d += ` L 1000 ${base + 14 + band * 4} `;
        for (let x = 1000; x >= 0; x -= 25) {
          d += ` L ${x} ${(base + 14 + band * 4 + Math.sin(x / 90 + phase + band) * 22).toFixed(1)}`;
        }
        out += `<path d="${d} Z" fill="${band === 1 ? accent : secondary}"/>`;
      }
      return out;
    }
    case 'camo': {
      let out = '';
      const tones = [secondary, darken(primary, 0.35), mix(primary, secondary, 0.5)];
      for (let i = 0; i < 34; i++) {
        const cx = random.between(0, 1000);
        const cy = random.between(60, 270);
        const points: string[] = [];
        const size = random.between(22, 52);
        for (let k = 0; k < 7; k++) {
          const angle = (k / 7) * Math.PI * 2;
          const radius = size * random.between(0.55, 1.15);
          points.push(
            `${(cx + Math.cos(angle) * radius * 1.5).toFixed(0)},${(cy + Math.sin(angle) * radius).toFixed(0)}`,
          );
        }
        out += `<polygon points="${points.join(' ')}" fill="${tones[i % 3]}"/>`;
      }
      return out;
    }
    case 'pixels': {
      let out = '';
      for (let x = 0; x < 1000; x += 24) {
        for (let y = 60; y < 270; y += 24) {
          const density = Math.max(0, 1 - Math.abs(x - 520) / 420) * 0.8;
          if (random.chance(density * (y > 170 ? 1 : 0.6))) {
            out += `<rect x="${x}" y="${y}" width="22" height="22" fill="${random.chance(0.7) ? secondary : accent}"/>`;
          }
        }
      }
      return out;
    }
    case 'flames': {
      let out = '';
      for (let i = 0; i < 6; i++) {
        const y = 150 + i * 17;
        const reach = 460 + random.int(-40, 200) - i * 30;
        const color = i % 2 === 0 ? secondary : lighten(secondary, 0.35);
        out += `<path d="M 1000 ${y - 10} C 820 ${y - 40} ${reach + 150} ${y + 30} ${reach} ${y - 6} C ${reach + 110} ${y + 26} ${reach + 260} ${y + 12} 1000 ${y + 22} Z" fill="${color}"/>`;
      }
      return out;
    }
    case 'split':
      return `
        <path d="M 560 0 L 1000 0 L 1000 300 L 380 300 Z" fill="${secondary}"/>
        <path d="M 520 0 L 545 0 L 365 300 L 340 300 Z" fill="${lighten(secondary, 0.5)}"/>`;
    case 'carbon':
      return `
        <defs><pattern id="${id}-carbon" width="12" height="12" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
          <rect width="12" height="12" fill="#1b1d21"/><rect width="6" height="6" fill="#2c3036"/><rect x="6" y="6" width="6" height="6" fill="#2c3036"/>
        </pattern></defs>
        <path d="M 0 170 L 1000 200 L 1000 300 L 0 300 Z" fill="url(#${id}-carbon)"/>
        <path d="M 0 163 L 1000 193 L 1000 201 L 0 171 Z" fill="${secondary}"/>`;
    case 'tiger': {
      let out = '';
      for (let x = 40; x < 1000; x += random.int(55, 80)) {
        const top = random.int(70, 120);
        const depth = random.int(70, 140);
        out += `<path d="M ${x} ${top} L ${x + 26} ${top + depth * 0.5} L ${x + 6} ${top + depth} L ${x + 40} ${top + depth * 0.55} L ${x + 22} ${top} Z" fill="${secondary}"/>`;
        out += `<path d="M ${x + 10} 300 L ${x + 30} ${300 - depth * 0.6} L ${x + 48} 300 Z" fill="${secondary}"/>`;
      }
      return out;
    }
    case 'circuit': {
      let out = '';
      for (let i = 0; i < 16; i++) {
        const y = random.int(80, 260);
        const x = random.int(0, 900);
        const len = random.int(60, 220);
        const up = random.chance(0.5) ? -1 : 1;
        out += `<path d="M ${x} ${y} L ${x + len} ${y} L ${x + len + 24} ${y + 24 * up} L ${x + len + 90} ${y + 24 * up}" fill="none" stroke="${secondary}" stroke-width="5" stroke-linejoin="round"/>`;
        out += `<circle cx="${x}" cy="${y}" r="8" fill="${secondary}"/><circle cx="${x + len + 90}" cy="${y + 24 * up}" r="6" fill="none" stroke="${secondary}" stroke-width="4"/>`;
      }
      return out;
    }
    case 'stars': {
      let out = `<path d="M 0 190 C 300 150 600 230 1000 170 L 1000 300 L 0 300 Z" fill="${secondary}"/>`;
      for (let i = 0; i < 26; i++) {
        const x = random.between(0, 1000);
        const y = random.between(70, 170);
        const s = random.between(4, 11);
        out += `<path d="M ${x} ${y - s * 2} L ${x + s * 0.5} ${y - s * 0.5} L ${x + s * 2} ${y} L ${x + s * 0.5} ${y + s * 0.5} L ${x} ${y + s * 2} L ${x - s * 0.5} ${y + s * 0.5} L ${x - s * 2} ${y} L ${x - s * 0.5} ${y - s * 0.5} Z" fill="${lighten(secondary, 0.3)}"/>`;
      }
      return out;
    }
    case 'fade':
      return `
        <defs><linearGradient id="${id}-fade" x1="0" x2="1" y1="0" y2="0">
          <stop offset="0" stop-color="${secondary}" stop-opacity="1"/><stop offset="0.65" stop-color="${secondary}" stop-opacity="0"/>
        </linearGradient></defs>
        <rect x="0" y="0" width="1000" height="300" fill="url(#${id}-fade)"/>
        <path d="M 0 215 L 1000 185 L 1000 195 L 0 225 Z" fill="${secondary}"/>`;
  }
}

/** Made-up sponsor marks: simple geometric emblems on a plate, never a real brand or text. */
function sponsorMark(x: number, y: number, w: number, random: Random, ink: string, plate: string): string {
  const h = w * 0.36;
  const kind = random.int(0, 3);
  const cx = x + h * 0.55;
  const cy = y + h / 2;
  const emblem = [
    `<path d="M ${cx - h * 0.3} ${cy + h * 0.28} L ${cx} ${cy - h * 0.3} L ${cx + h * 0.3} ${cy + h * 0.28} Z" fill="${ink}"/>`,
    `<circle cx="${cx}" cy="${cy}" r="${h * 0.3}" fill="none" stroke="${ink}" stroke-width="${h * 0.12}"/>`,
    `<rect x="${cx - h * 0.28}" y="${cy - h * 0.28}" width="${h * 0.56}" height="${h * 0.56}" transform="rotate(45 ${cx} ${cy})" fill="${ink}"/>`,
    `<path d="M ${cx - h * 0.32} ${cy} L ${cx} ${cy - h * 0.3} L ${cx + h * 0.32} ${cy} L ${cx} ${cy + h * 0.3} Z M ${cx - h * 0.12} ${cy} L ${cx} ${cy - h * 0.12} L ${cx + h * 0.12} ${cy} L ${cx} ${cy + h * 0.12} Z" fill="${ink}" fill-rule="evenodd"/>`,
  ][kind];
  const bars = `
    <rect x="${x + h * 1.05}" y="${y + h * 0.26}" width="${w - h * 1.3}" height="${h * 0.18}" rx="${h * 0.09}" fill="${ink}"/>
    <rect x="${x + h * 1.05}" y="${y + h * 0.56}" width="${(w - h * 1.3) * random.between(0.45, 0.8)}" height="${h * 0.14}" rx="${h * 0.07}" fill="${ink}" opacity="0.7"/>`;
  return `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${h * 0.2}" fill="${plate}"/>${emblem}${bars}`;
}

function wheel(cx: number, cy: number, r: number, rim: string, caliper: string, spin: number): string {
  const spokes = Array.from({ length: 5 }, (_, i) => {
    const angle = spin + i * 72;
    return `<path d="M ${cx - 5} ${cy} L ${cx - 9} ${cy - r * 0.66} L ${cx + 9} ${cy - r * 0.66} L ${cx + 5} ${cy} Z" fill="${rim}" transform="rotate(${angle} ${cx} ${cy})"/>`;
  }).join('');
  return `
    <circle cx="${cx}" cy="${cy}" r="${r}" fill="#121316"/>
    <circle cx="${cx}" cy="${cy}" r="${r - 4}" fill="none" stroke="#2b2d33" stroke-width="5"/>
    <circle cx="${cx}" cy="${cy}" r="${r * 0.7}" fill="#24262b"/>
    <path d="M ${cx + r * 0.2} ${cy - r * 0.55} A ${r * 0.58} ${r * 0.58} 0 0 1 ${cx + r * 0.58} ${cy + r * 0.1}" fill="none" stroke="${caliper}" stroke-width="${r * 0.18}" stroke-linecap="round"/>
    <circle cx="${cx}" cy="${cy}" r="${r * 0.7}" fill="none" stroke="${rim}" stroke-width="4"/>
    ${spokes}
    <circle cx="${cx}" cy="${cy}" r="${r * 0.16}" fill="${darken(rim, 0.25)}"/>
    <circle cx="${cx}" cy="${cy}" r="${r * 0.06}" fill="#d8dade"/>`;
}

function rearWing(primary: string, secondary: string): string {
  return `
    <path d="M 96 142 L 70 98 L 86 96 L 120 140 Z" fill="#16181c"/>
    <path d="M 8 74 L 196 82 L 192 100 L 12 96 Z" fill="${darken(primary, 0.15)}"/>
    <path d="M 8 74 L 196 82 L 195 88 L 9 81 Z" fill="${lighten(primary, 0.35)}"/>
    <path d="M 0 60 L 30 60 L 36 112 L 6 112 Z" fill="${secondary}"/>`;
}

/** The far side of the car in a 3/4 view: the body pushed back and up, its wheels peeking below. */
function farSide(primary: string, rim: string): string {
  const dx = 58;
  const dy = -24;
  return `
    ${wheel(REAR_WHEEL.x + dx, REAR_WHEEL.y + dy, REAR_WHEEL.r, darken(rim, 0.6), '#000', 12)}
    ${wheel(FRONT_WHEEL.x + dx, FRONT_WHEEL.y + dy, FRONT_WHEEL.r, darken(rim, 0.6), '#000', 40)}
    <path d="${BODY_PATH}" transform="translate(${dx} ${dy})" fill="${darken(primary, 0.45)}"/>
    <path d="${BODY_PATH}" transform="translate(${dx / 2} ${dy / 2})" fill="${darken(primary, 0.3)}"/>
    <path d="M 992 218 L ${992 + dx} ${218 + dy} L ${990 + dx} ${258 + dy} L 990 258 Z" fill="${darken(primary, 0.5)}"/>
    <path d="M 986 224 L ${986 + dx * 0.8} ${224 + dy * 0.8} L ${986 + dx * 0.8} ${236 + dy * 0.8} L 986 236 Z" fill="#fff7d6"/>`;
}

/**
 * The car in its own 1000 x 300 frame, facing right, wheels on y = 302. `flipped` mirrors it
 * (facing left) while keeping the race number readable.
 */
function carSvg(
  livery: Livery,
  id: string,
  options: { flipped: boolean; spin: number; farWheels: boolean },
): string {
  const { primary, secondary } = livery;
  const random = createRandom(`${livery.seed}:details`);
  const rim = random.chance(0.5) ? secondary : '#c9ced6';
  const caliper = random.pick(['#e53935', '#ffb300', secondary, '#29b6f6']);
  const plate = random.chance(0.5) ? '#ffffff' : '#15171b';
  const plateInk = plate === '#ffffff' ? '#15171b' : '#ffffff';
  const numberX = 545;
  const numberY = 196;
  const numberFlip = options.flipped ? ` transform="translate(${numberX * 2} 0) scale(-1 1)"` : '';
  const sponsors = [
    sponsorMark(760, 178, 110, random, plateInk, plate),
    sponsorMark(140, 168, 96, random, plateInk, plate),
    sponsorMark(330, 212, 120, random, plateInk, plate),
  ].join('');
  return `
    <defs>
      <clipPath id="${id}-body"><path d="${BODY_PATH}"/></clipPath>
      <linearGradient id="${id}-shade" x1="0" x2="0" y1="0" y2="1">
        <stop offset="0.18" stop-color="#ffffff" stop-opacity="0.45"/>
        <stop offset="0.42" stop-color="#ffffff" stop-opacity="0.05"/>
        <stop offset="0.62" stop-color="#000000" stop-opacity="0"/>
        <stop offset="1" stop-color="#000000" stop-opacity="0.5"/>
      </linearGradient>
      <linearGradient id="${id}-glass" x1="0" x2="1" y1="0" y2="1">
        <stop offset="0" stop-color="#4a5a70"/><stop offset="0.55" stop-color="#111720"/><stop offset="1" stop-color="#0a0d12"/>
      </linearGradient>
    </defs>
    <g>
      ${options.farWheels ? farSide(primary, rim) : ''}
      <path d="${wheelWell(REAR_WHEEL.x)}" fill="#08090b"/>
      <path d="${wheelWell(FRONT_WHEEL.x)}" fill="#08090b"/>
      ${options.farWheels ? `<g transform="translate(58 -24)">${rearWing(darken(primary, 0.4), darken(secondary, 0.4))}</g>` : ''}
      ${rearWing(primary, secondary)}
      <g clip-path="url(#${id}-body)">
        <rect x="0" y="0" width="1000" height="300" fill="${primary}"/>
        ${patternLayer(livery, id)}
        <path d="M 0 236 L 1000 236 L 1000 300 L 0 300 Z" fill="${darken(primary, 0.55)}"/>
        <path d="M 0 229 L 1000 229 L 1000 236 L 0 236 Z" fill="${secondary}"/>
        ${sponsors}
        <g${numberFlip}>
          <circle cx="${numberX}" cy="${numberY}" r="40" fill="#ffffff" stroke="${darken(secondary, 0.2)}" stroke-width="6"/>
          <text x="${numberX}" y="${numberY + 16}" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-weight="bold" font-style="italic" font-size="46" text-anchor="middle" fill="#111318">${livery.number}</text>
        </g>
        <path d="M 300 196 C 340 180 380 178 420 182 L 410 214 L 312 216 Z" fill="#0d0f12" opacity="0.75"/>
        <rect x="0" y="0" width="1000" height="300" fill="url(#${id}-shade)"/>
      </g>
      <path d="${WINDOW_PATH}" fill="url(#${id}-glass)"/>
      <path d="M 470 100 C 520 92 560 94 590 102 L 520 142 L 486 142 Z" fill="#ffffff" opacity="0.12"/>
      <path d="M 120 140 C 250 130 330 86 420 76 C 500 68 560 70 612 88 C 682 112 760 142 862 162" fill="none" stroke="#ffffff" stroke-opacity="0.55" stroke-width="3"/>
      <path d="M 930 180 C 955 186 972 196 982 212 L 950 206 Z" fill="#fff7d6"/>
      <path d="M 32 160 L 46 158 L 46 196 L 34 198 Z" fill="#ff2d3a"/>
      <path d="M 872 256 L 996 254 L 998 264 L 882 266 Z" fill="#121316"/>
      <path d="M 296 258 L 704 258 L 700 268 L 300 268 Z" fill="#121316"/>
      ${wheel(REAR_WHEEL.x, REAR_WHEEL.y, REAR_WHEEL.r, rim, caliper, options.spin)}
      ${wheel(FRONT_WHEEL.x, FRONT_WHEEL.y, FRONT_WHEEL.r, rim, caliper, options.spin + 31)}
    </g>`;
}

// ---------------------------------------------------------------------------------------------
// Scenes

const WIDTH = 1280;
const HEIGHT = 720;

export const screenshotScenes = ['track-day', 'stadium-night', 'sunset', 'garage', 'studio'] as const;
export type ScreenshotScene = (typeof screenshotScenes)[number];

type View = { kind: 'side' | 'quarter' | 'close'; flipped: boolean; scale: number; tilt: number };

function sceneBackground(scene: ScreenshotScene, livery: Livery, random: Random, horizon: number): string {
  switch (scene) {
    case 'track-day':
      return `
        <defs>
          <linearGradient id="sky" x1="0" x2="0" y1="0" y2="1"><stop offset="0" stop-color="#2f7fd8"/><stop offset="1" stop-color="#bfe3ff"/></linearGradient>
          <linearGradient id="asphalt" x1="0" x2="0" y1="0" y2="1"><stop offset="0" stop-color="#5d636b"/><stop offset="1" stop-color="#2b2f35"/></linearGradient>
        </defs>
        <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#sky)"/>
        ${clouds(random)}
        ${grandstand(random, horizon, '#8b939e', false)}
        <rect x="0" y="${horizon}" width="${WIDTH}" height="${HEIGHT - horizon}" fill="url(#asphalt)"/>
        <rect x="0" y="${horizon}" width="${WIDTH}" height="14" fill="#3f8f3a"/>
        ${kerb(horizon + 60, 26, '#d7262b', '#f4f4f4')}
        ${speedLines(random, horizon + 110, HEIGHT - 30, '#ffffff', 0.18)}`;
    case 'stadium-night':
      return `
        <defs>
          <linearGradient id="sky" x1="0" x2="0" y1="0" y2="1"><stop offset="0" stop-color="#050914"/><stop offset="1" stop-color="#1b2b4d"/></linearGradient>
          <linearGradient id="asphalt" x1="0" x2="0" y1="0" y2="1"><stop offset="0" stop-color="#272c36"/><stop offset="1" stop-color="#0c0e12"/></linearGradient>
          <radialGradient id="glow"><stop offset="0" stop-color="#ffffff" stop-opacity="0.95"/><stop offset="0.25" stop-color="#cfe6ff" stop-opacity="0.5"/><stop offset="1" stop-color="#cfe6ff" stop-opacity="0"/></radialGradient>
          <radialGradient id="pool"><stop offset="0" stop-color="${lighten(livery.primary, 0.3)}" stop-opacity="0.35"/><stop offset="1" stop-color="${livery.primary}" stop-opacity="0"/></radialGradient>
        </defs>
        <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#sky)"/>
        ${grandstand(random, horizon, '#1d2433', true)}
        ${lightTowers(random, horizon)}
        <rect x="0" y="${horizon}" width="${WIDTH}" height="${HEIGHT - horizon}" fill="url(#asphalt)"/>
        <ellipse cx="${WIDTH / 2}" cy="${horizon + 170}" rx="620" ry="150" fill="url(#pool)"/>
        ${kerb(horizon + 54, 22, '#1e88e5', '#eef4ff')}
        ${speedLines(random, horizon + 100, HEIGHT - 20, '#9cc7ff', 0.16)}`;
    case 'sunset':
      return `
        <defs>
          <linearGradient id="sky" x1="0" x2="0" y1="0" y2="1"><stop offset="0" stop-color="#2b1b4a"/><stop offset="0.55" stop-color="#e0567a"/><stop offset="1" stop-color="#ffb36b"/></linearGradient>
          <linearGradient id="asphalt" x1="0" x2="0" y1="0" y2="1"><stop offset="0" stop-color="#5a4250"/><stop offset="1" stop-color="#1d1620"/></linearGradient>
          <radialGradient id="sun"><stop offset="0" stop-color="#fff3c4"/><stop offset="0.45" stop-color="#ffd27a" stop-opacity="0.9"/><stop offset="1" stop-color="#ff9a5a" stop-opacity="0"/></radialGradient>
        </defs>
        <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#sky)"/>
        <circle cx="${random.int(300, 980)}" cy="${horizon - 40}" r="170" fill="url(#sun)"/>
        ${hills(random, horizon, '#3a2440', '#22172b')}
        <rect x="0" y="${horizon}" width="${WIDTH}" height="${HEIGHT - horizon}" fill="url(#asphalt)"/>
        ${kerb(horizon + 50, 22, '#ff6f3c', '#fff1e6')}
        ${speedLines(random, horizon + 100, HEIGHT - 20, '#ffd2a8', 0.18)}`;
    case 'garage': {
      const lights = Array.from(
        { length: 4 },
        (_, i) =>
          `<rect x="${140 + i * 290}" y="36" width="150" height="12" rx="6" fill="#f4f8ff"/><rect x="${120 + i * 290}" y="48" width="190" height="50" fill="#f4f8ff" opacity="0.06"/>`,
      ).join('');
      const panels = Array.from(
        { length: 7 },
        (_, i) =>
          `<rect x="${i * 190 - 20}" y="120" width="180" height="${horizon - 150}" rx="6" fill="#2a2f37" stroke="#3a414c" stroke-width="3"/>`,
      ).join('');
      const tools = Array.from({ length: 10 }, () => {
        const x = random.int(40, 1220);
        const y = random.int(150, horizon - 120);
        return `<rect x="${x}" y="${y}" width="${random.int(8, 14)}" height="${random.int(40, 80)}" rx="3" fill="#4b535f"/>`;
      }).join('');
      return `
        <defs>
          <linearGradient id="wall" x1="0" x2="0" y1="0" y2="1"><stop offset="0" stop-color="#14171c"/><stop offset="1" stop-color="#262b33"/></linearGradient>
          <linearGradient id="floor" x1="0" x2="0" y1="0" y2="1"><stop offset="0" stop-color="#3a3f47"/><stop offset="1" stop-color="#16181c"/></linearGradient>
          <radialGradient id="spot" cx="0.5" cy="0.3"><stop offset="0" stop-color="#ffffff" stop-opacity="0.28"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>
        </defs>
        <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#wall)"/>
        ${panels}${tools}${lights}
        <rect x="0" y="${horizon - 30}" width="${WIDTH}" height="30" fill="${darken(livery.secondary, 0.45)}"/>
        <rect x="0" y="${horizon}" width="${WIDTH}" height="${HEIGHT - horizon}" fill="url(#floor)"/>
        <path d="M 0 ${horizon + 70} L ${WIDTH} ${horizon + 70} M 0 ${horizon + 170} L ${WIDTH} ${horizon + 170}" stroke="#ffd54a" stroke-width="6" stroke-dasharray="40 26" opacity="0.55"/>
        <ellipse cx="${WIDTH / 2}" cy="${horizon - 40}" rx="640" ry="380" fill="url(#spot)"/>`;
    }
    case 'studio': {
      const backdrop = mix(livery.secondary, '#1a1d24', 0.6);
      const panels = Array.from({ length: 3 }, (_, i) => {
        const x = 170 + i * 360 + random.int(-30, 30);
        return `<rect x="${x}" y="40" width="220" height="${horizon - 120}" rx="10" fill="url(#softbox)"/>`;
      }).join('');
      return `
        <defs>
          <linearGradient id="backdrop" x1="0" x2="0" y1="0" y2="1"><stop offset="0" stop-color="${darken(backdrop, 0.5)}"/><stop offset="1" stop-color="${lighten(backdrop, 0.12)}"/></linearGradient>
          <linearGradient id="softbox" x1="0" x2="0" y1="0" y2="1"><stop offset="0" stop-color="#ffffff" stop-opacity="0.16"/><stop offset="1" stop-color="#ffffff" stop-opacity="0.03"/></linearGradient>
          <linearGradient id="floor" x1="0" x2="0" y1="0" y2="1"><stop offset="0" stop-color="${lighten(backdrop, 0.08)}"/><stop offset="1" stop-color="${darken(backdrop, 0.7)}"/></linearGradient>
          <radialGradient id="floorspot"><stop offset="0" stop-color="${lighten(livery.primary, 0.5)}" stop-opacity="0.35"/><stop offset="1" stop-color="${livery.primary}" stop-opacity="0"/></radialGradient>
        </defs>
        <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#backdrop)"/>
        ${panels}
        <path d="M ${random.int(-200, 100)} ${horizon} L ${random.int(520, 700)} 0 L ${random.int(760, 860)} 0 L ${random.int(200, 340)} ${horizon} Z" fill="${livery.primary}" opacity="0.14"/>
        <rect x="0" y="${horizon}" width="${WIDTH}" height="${HEIGHT - horizon}" fill="url(#floor)"/>
        <rect x="0" y="${horizon - 2}" width="${WIDTH}" height="3" fill="${lighten(livery.primary, 0.4)}" opacity="0.5"/>
        <ellipse cx="${WIDTH / 2}" cy="${HEIGHT - 60}" rx="560" ry="110" fill="url(#floorspot)"/>`;
    }
  }
}

function clouds(random: Random): string {
  return Array.from({ length: 5 }, () => {
    const x = random.int(0, WIDTH);
    const y = random.int(40, 200);
    const w = random.int(120, 260);
    return `<g opacity="0.8" fill="#ffffff"><ellipse cx="${x}" cy="${y}" rx="${w}" ry="${w * 0.16}"/><ellipse cx="${x + w * 0.2}" cy="${y - w * 0.1}" rx="${w * 0.45}" ry="${w * 0.18}"/></g>`;
  }).join('');
}

function grandstand(random: Random, horizon: number, color: string, night: boolean): string {
  const top = horizon - 150;
  // The crowd is one random tile repeated (far cheaper to render than a rectangle per spectator).
  let tile = '';
  for (let x = 0; x < 224; x += 14) {
    for (let y = 0; y < 64; y += 16) {
      if (random.chance(0.55)) {
        const tone = night
          ? random.pick(['#32405e', '#45557a', '#6a7aa0'])
          : random.pick(['#c0392b', '#f1c40f', '#ecf0f1', '#2980b9', '#7f8c8d']);
        tile += `<rect x="${x + 3}" y="${y + 4}" width="8" height="8" rx="3" fill="${tone}" opacity="0.85"/>`;
      }
    }
  }
  const crowd = `
    <defs><pattern id="crowd" width="224" height="64" patternUnits="userSpaceOnUse" x="${random.int(0, 200)}" y="${top + 36}">${tile}</pattern></defs>
    <rect x="0" y="${top + 36}" width="${WIDTH}" height="${horizon - top - 58}" fill="url(#crowd)"/>`;
  return `
    <path d="M 0 ${top + 20} L ${WIDTH} ${top} L ${WIDTH} ${horizon} L 0 ${horizon} Z" fill="${color}"/>
    <path d="M 0 ${top + 10} L ${WIDTH} ${top - 10} L ${WIDTH} ${top + 4} L 0 ${top + 24} Z" fill="${darken(color, 0.3)}"/>
    ${crowd}
    <rect x="0" y="${horizon - 22}" width="${WIDTH}" height="22" fill="${darken(color, 0.45)}"/>`;
}

function lightTowers(random: Random, horizon: number): string {
  return Array.from({ length: 4 }, (_, i) => {
    const x = 120 + i * 340 + random.int(-40, 40);
    const top = horizon - 300 - random.int(0, 60);
    return `
      <rect x="${x - 4}" y="${top}" width="8" height="${horizon - top}" fill="#0c1220"/>
      <rect x="${x - 36}" y="${top - 18}" width="72" height="26" rx="4" fill="#dfeeff"/>
      <circle cx="${x}" cy="${top - 5}" r="170" fill="url(#glow)"/>`;
  }).join('');
}

function hills(random: Random, horizon: number, far: string, near: string): string {
  let back = `M 0 ${horizon}`;
  let front = `M 0 ${horizon}`;
  for (let x = 0; x <= WIDTH; x += 80) {
    back += ` L ${x} ${horizon - 90 - random.int(0, 80)}`;
    front += ` L ${x} ${horizon - 30 - random.int(0, 40)}`;
  }
  return `<path d="${back} L ${WIDTH} ${horizon} Z" fill="${far}"/><path d="${front} L ${WIDTH} ${horizon} Z" fill="${near}"/>`;
}

function kerb(y: number, height: number, a: string, b: string): string {
  let out = '';
  for (let x = -40, i = 0; x < WIDTH + 40; x += 70, i++) {
    out += `<path d="M ${x} ${y} L ${x + 70} ${y} L ${x + 50} ${y + height} L ${x - 20} ${y + height} Z" fill="${i % 2 === 0 ? a : b}"/>`;
  }
  return out;
}

function speedLines(random: Random, top: number, bottom: number, color: string, opacity: number): string {
  return Array.from({ length: 14 }, () => {
    const y = random.int(top, bottom);
    const x = random.int(-100, WIDTH);
    return `<rect x="${x}" y="${y}" width="${random.int(120, 420)}" height="${random.int(2, 4)}" rx="2" fill="${color}" opacity="${opacity}"/>`;
  }).join('');
}

function viewFor(scene: ScreenshotScene, index: number, random: Random): View {
  if (index === 0) return { kind: 'quarter', flipped: false, scale: 1.12, tilt: 0 };
  const kind = scene === 'studio' || random.chance(0.3) ? 'close' : random.pick(['side', 'quarter'] as const);
  return {
    kind,
    flipped: random.chance(0.45),
    scale: kind === 'close' ? random.between(1.4, 1.6) : random.between(1.02, 1.14),
    tilt: kind === 'side' ? random.between(-1.5, 1) : 0,
  };
}

function placedCar(livery: Livery, view: View, groundY: number, spin: number): string {
  const quarter = view.kind === 'quarter';
  const car = carSvg(livery, 'car', { flipped: view.flipped, spin, farWheels: quarter });
  const scale = view.scale;
  // The 3/4 view: the length foreshortened and the nose coming down towards the camera.
  const sx = quarter ? 0.88 : 1;
  const skew = quarter ? 0.05 : 0;
  const width = 1000 * sx * scale;
  let left = (WIDTH - width) / 2;
  if (view.kind === 'close') left = view.flipped ? -60 : WIDTH - width + 60;
  // Wheels touch the ground at y = 302 in the car's frame; with the skew, the middle of the car does.
  const top = groundY - 302 * scale;
  const mirror = view.flipped ? `translate(${width.toFixed(1)} 0) scale(-1 1)` : '';
  const slope = view.flipped ? -skew : skew;
  const cx = left + width / 2;
  const shadow = `<g transform="rotate(${((Math.atan(slope / sx) * 180) / Math.PI).toFixed(2)} ${cx} ${groundY})">
      <ellipse cx="${cx}" cy="${groundY + 2}" rx="${width * 0.56}" ry="${(quarter ? 46 : 26) * scale}" fill="url(#shadow)"/></g>`;
  return `
    <defs><radialGradient id="shadow"><stop offset="0" stop-color="#000" stop-opacity="0.8"/><stop offset="0.6" stop-color="#000" stop-opacity="0.45"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient></defs>
    ${shadow}
    <g transform="translate(${left.toFixed(1)} ${top.toFixed(1)}) rotate(${view.tilt.toFixed(2)} ${width / 2} ${302 * scale}) ${mirror}">
      <g transform="matrix(${(sx * scale).toFixed(4)} ${(skew * scale).toFixed(4)} 0 ${scale.toFixed(4)} 0 ${(-skew * scale * 500).toFixed(1)})">
        ${car}
      </g>
    </g>`;
}

export type ScreenshotOptions = {
  livery: Livery;
  /** 0 is the thumbnail (a tidy 3/4 hero shot); later ones vary scene, side and zoom. */
  index: number;
  format?: 'jpeg' | 'png';
};

/** The SVG of one showcase shot (exported for previews and tests). */
export function skinScreenshotSvg(options: ScreenshotOptions): string {
  const { livery, index } = options;
  const random = createRandom(`${livery.seed}:shot:${index}`);
  const order = createRandom(`${livery.seed}:scenes`).shuffle(screenshotScenes);
  const scene = order[index % order.length] as ScreenshotScene;
  const view = viewFor(scene, index, random);
  const horizon = scene === 'garage' ? 470 : random.int(380, 430);
  const groundY = view.kind === 'close' ? random.int(672, 690) : random.int(610, 640);
  const background = sceneBackground(scene, livery, random, horizon);
  const car = placedCar(livery, view, groundY, random.int(0, 71));
  // Darkened edges, drawn as narrow bands: a full-frame radial gradient costs a third of the render.
  const vignette = `
    <defs>
      <linearGradient id="edge-l" x1="0" x2="1" y1="0" y2="0"><stop offset="0" stop-color="#000" stop-opacity="0.4"/><stop offset="1" stop-color="#000" stop-opacity="0"/></linearGradient>
      <linearGradient id="edge-r" x1="1" x2="0" y1="0" y2="0"><stop offset="0" stop-color="#000" stop-opacity="0.4"/><stop offset="1" stop-color="#000" stop-opacity="0"/></linearGradient>
      <linearGradient id="edge-b" x1="0" x2="0" y1="1" y2="0"><stop offset="0" stop-color="#000" stop-opacity="0.35"/><stop offset="1" stop-color="#000" stop-opacity="0"/></linearGradient>
    </defs>
    <rect width="150" height="${HEIGHT}" fill="url(#edge-l)"/>
    <rect x="${WIDTH - 150}" width="150" height="${HEIGHT}" fill="url(#edge-r)"/>
    <rect y="${HEIGHT - 90}" width="${WIDTH}" height="90" fill="url(#edge-b)"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">${background}${car}${vignette}</svg>`;
}

/** A 1280x720 showcase shot of a skin (JPEG by default). */
export async function skinScreenshot(options: ScreenshotOptions): Promise<Buffer> {
  const image = sharp(Buffer.from(skinScreenshotSvg(options)));
  return options.format === 'png'
    ? image.png({ compressionLevel: 3 }).toBuffer()
    : image.jpeg({ quality: 90 }).toBuffer();
}

/**
 * A bundle's own picture: its skins' showcase shots in a 2x2 grid (1280x720 JPEG), an empty cell
 * taken by a panel in the first skin's colors.
 */
export async function bundleScreenshot(liveries: readonly Livery[], variant = 0): Promise<Buffer> {
  const cellW = 636;
  const cellH = 356;
  const cells = await Promise.all(
    liveries.slice(0, 4).map((livery, i) =>
      // Half the density renders the 1280x720 drawing straight at cell size.
      sharp(Buffer.from(skinScreenshotSvg({ livery, index: (i + variant) % 3 })), { density: 36 })
        .resize(cellW, cellH, { fit: 'cover' })
        .png({ compressionLevel: 1 })
        .toBuffer(),
    ),
  );
  const first = liveries[0];
  if (cells.length < 4 && first) {
    const panel = `<svg xmlns="http://www.w3.org/2000/svg" width="${cellW}" height="${cellH}">
      <defs><linearGradient id="g" x1="0" x2="1" y1="0" y2="1"><stop offset="0" stop-color="${darken(first.primary, 0.35)}"/><stop offset="1" stop-color="${darken(first.secondary, 0.6)}"/></linearGradient></defs>
      <rect width="${cellW}" height="${cellH}" fill="url(#g)"/>
      <path d="M 380 0 L 470 0 L 250 ${cellH} L 160 ${cellH} Z" fill="${first.secondary}" opacity="0.35"/>
      <path d="M 490 0 L 520 0 L 300 ${cellH} L 270 ${cellH} Z" fill="${first.primary}" opacity="0.5"/>
      <text x="${cellW / 2}" y="170" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-weight="bold" font-size="88" text-anchor="middle" fill="#ffffff">${liveries.length} SKINS</text>
      <text x="${cellW / 2}" y="230" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="36" letter-spacing="12" text-anchor="middle" fill="#ffffff" fill-opacity="0.8">BUNDLE</text>
    </svg>`;
    cells.push(await sharp(Buffer.from(panel)).png({ compressionLevel: 1 }).toBuffer());
  }
  return sharp({ create: { width: WIDTH, height: HEIGHT, channels: 3, background: '#0d0f13' } })
    .composite(
      cells.map((input, i) => ({
        input,
        left: 2 + (i % 2) * (cellW + 4),
        top: 2 + Math.floor(i / 2) * (cellH + 4),
      })),
    )
    .jpeg({ quality: 90 })
    .toBuffer();
}

// ---------------------------------------------------------------------------------------------
// Avatars

/** A 400x400 JPEG avatar (a helmet with a visor, or a monogram, on a gradient) as a data URL. */
export async function authorAvatar(seed: string, monogram?: string): Promise<string> {
  const random = createRandom(`avatar:${seed}`);
  const hue = random.int(0, 359);
  const a = `hsl(${hue}, 75%, 58%)`;
  const b = `hsl(${(hue + random.int(25, 60)) % 360}, 70%, 30%)`;
  const helmet = random.pick(['#f4f4f4', '#e53935', '#1e88e5', '#fdd835', '#43a047', '#212121', '#fb8c00']);
  const stripe = random.pick(['#ffffff', '#111318', '#ffd54a', '#ff5252', '#00bcd4']);
  const visor = random.pick(['#0f141c', '#1a237e', '#4a148c', '#bf360c']);
  const body =
    monogram && random.chance(0.35)
      ? `<circle cx="200" cy="200" r="138" fill="#ffffff" fill-opacity="0.14" stroke="#ffffff" stroke-opacity="0.6" stroke-width="6"/>
         <text x="200" y="248" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-weight="bold" font-size="140" text-anchor="middle" fill="#ffffff">${escapeXml(monogram.slice(0, 2).toUpperCase())}</text>`
      : `<path d="M 70 400 C 80 340 130 318 200 318 C 270 318 320 340 330 400 Z" fill="#000000" opacity="0.35"/>
         <path d="M 92 250 C 80 150 140 78 220 80 C 300 82 348 146 340 230 L 336 286 C 330 312 310 324 280 326 L 140 326 C 112 322 96 300 92 250 Z" fill="${helmet}"/>
         <path d="M 206 80 C 168 124 152 210 158 326 L 194 326 C 188 214 204 132 246 84 Z" fill="${stripe}"/>
         <path d="M 176 176 C 222 156 296 156 342 176 L 340 236 C 296 250 222 250 184 238 C 174 218 172 196 176 176 Z" fill="${visor}"/>
         <path d="M 196 184 C 236 172 290 172 330 182 L 328 196 C 290 188 238 188 200 198 Z" fill="#ffffff" opacity="0.4"/>
         <path d="M 240 262 L 330 262 L 326 290 L 246 290 Z" fill="#000000" opacity="0.25"/>
         <path d="M 110 150 C 130 112 170 92 210 90" fill="none" stroke="#ffffff" stroke-opacity="0.5" stroke-width="8" stroke-linecap="round"/>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400">
    <defs><linearGradient id="bg" x1="0" x2="1" y1="0" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs>
    <rect width="400" height="400" fill="url(#bg)"/>
    <circle cx="${random.int(0, 400)}" cy="${random.int(0, 400)}" r="${random.int(120, 220)}" fill="#ffffff" opacity="0.08"/>
    ${body}
  </svg>`;
  const jpeg = await sharp(Buffer.from(svg)).jpeg({ quality: 86 }).toBuffer();
  return `data:image/jpeg;base64,${jpeg.toString('base64')}`;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

// ---------------------------------------------------------------------------------------------
// Skin archives

export type ArchiveSkin = {
  title: string;
  author: string;
  game: string;
  livery: Livery;
};

const FOREVER_GAMES = new Set(['TMNF', 'TMUF', 'TM_TURBO', 'TM2', 'TM_SUNRISE', 'TM']);

/** The flat livery as a square texture: what the in-game painter would unwrap onto the car. */
async function diffuseTexture(livery: Livery, size: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 1000 1000">
    <rect width="1000" height="1000" fill="${livery.primary}"/>
    <g transform="scale(1 1.6)">${patternLayer(livery, 'tex')}</g>
    <rect x="0" y="620" width="1000" height="380" fill="${darken(livery.primary, 0.25)}"/>
    <g transform="translate(0 620) scale(1 1.2)">${patternLayer({ ...livery, seed: `${livery.seed}:lower` }, 'tex2')}</g>
    <circle cx="780" cy="800" r="110" fill="#ffffff"/>
    <text x="780" y="845" font-family="DejaVu Sans, sans-serif" font-weight="bold" font-size="120" text-anchor="middle" fill="#111318">${livery.number}</text>
  </svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: true }).toBuffer();
}

/** A grey detail map (panel lines and grime) derived from the skin's seed. */
async function detailsTexture(livery: Livery, size: number): Promise<Buffer> {
  const random = createRandom(`${livery.seed}:details-map`);
  let lines = '';
  for (let i = 0; i < 18; i++) {
    const x = random.int(0, 1000);
    const y = random.int(0, 1000);
    lines += random.chance(0.5)
      ? `<path d="M ${x} 0 L ${x} 1000" stroke="#5a5a5a" stroke-width="6"/>`
      : `<path d="M 0 ${y} L 1000 ${y}" stroke="#5a5a5a" stroke-width="6"/>`;
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 1000 1000">
    <rect width="1000" height="1000" fill="#9a9a9a"/>${lines}
    <rect x="0" y="0" width="1000" height="1000" fill="none" stroke="#444" stroke-width="40"/>
  </svg>`;
  return sharp(Buffer.from(svg)).greyscale().png({ compressionLevel: 9, palette: true }).toBuffer();
}

function readme(skin: ArchiveSkin, forever: boolean): string {
  const install = forever
    ? [
        'Installation (Forever editions):',
        '1. In Documents/TrackMania/Skins/Vehicles create a folder named Carcommon.',
        '2. Extract this zip into that folder.',
        "3. In the game open Profile > Vehicles > StadiumCar, pick the skin and choose 'Use model for all cars'.",
      ]
    : [
        'Installation (Trackmania 2020, club access needed):',
        '1. Put this .zip (do not extract it) in Documents/Trackmania/Skins/Models/CarSport.',
        '2. In the game open Profile > Garage > Upload skin and pick the zip.',
      ];
  return [
    skin.title,
    `Author: ${skin.author}`,
    `Game: ${GAME_NAMES[skin.game] ?? skin.game}`,
    '',
    ...install,
    '',
    'Troubleshooting: the file must stay a .zip (not .rar) and its files must not sit inside an extra folder.',
    `Colors: ${skin.livery.primary} / ${skin.livery.secondary}, number ${skin.livery.number}.`,
    'Demo content generated by TrackSkins.',
    '',
  ].join('\r\n');
}

/** The skin's square icon (128x128): the car from the side on a gradient of its colors. */
export function skinIconSvg(livery: Livery): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 1040 1040">
    <defs><linearGradient id="icon-bg" x1="0" x2="1" y1="0" y2="1">
      <stop offset="0" stop-color="${darken(livery.secondary, 0.55)}"/><stop offset="1" stop-color="${darken(livery.primary, 0.7)}"/>
    </linearGradient></defs>
    <rect width="1040" height="1040" rx="120" fill="url(#icon-bg)"/>
    <ellipse cx="520" cy="700" rx="500" ry="40" fill="#000" opacity="0.5"/>
    <g transform="translate(20 392)">${carSvg(livery, 'icon', { flipped: false, spin: 10, farWheels: false })}</g>
  </svg>`;
}

const GAME_NAMES: Record<string, string> = {
  TM2020: 'Trackmania (2020)',
  TMNF: 'TrackMania Nations/United Forever',
  TM_TURBO: 'Trackmania Turbo',
  TM2: 'TrackMania 2',
};

/**
 * A real skin archive: the files at the root of the zip, as the games expect. TM2020:
 * Diffuse.png, Details.png, Icon.webp, README.txt; Forever games: Diffuse.png, Icon.png, README.txt.
 */
export async function skinArchive(skin: ArchiveSkin): Promise<Buffer> {
  const forever = FOREVER_GAMES.has(skin.game);
  const icon = sharp(Buffer.from(skinIconSvg(skin.livery)));
  const files: [string, Buffer][] = [['Diffuse.png', await diffuseTexture(skin.livery, 256)]];
  if (forever) {
    files.push(['Icon.png', await icon.png({ compressionLevel: 9, palette: true }).toBuffer()]);
  } else {
    files.push(['Details.png', await detailsTexture(skin.livery, 256)]);
    files.push(['Icon.webp', await icon.webp({ quality: 80 }).toBuffer()]);
  }
  files.push(['README.txt', Buffer.from(readme(skin, forever), 'utf8')]);

  const zip = new yazl.ZipFile();
  // A fixed date keeps the archive's bytes the same on every start.
  const mtime = new Date('2025-01-01T12:00:00Z');
  for (const [name, content] of files) zip.addBuffer(content, name, { mtime });
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
