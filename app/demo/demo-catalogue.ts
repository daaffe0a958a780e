import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { AppContext } from '../../api/app-context';
import { storeAvatar } from '../../api/accounts/avatar';
import { registerUser, updateProfile, type ProfileChanges } from '../../api/accounts/users.repository';
import {
  insertBundle,
  insertComment,
  insertResource,
  insertSkin,
  linkColorVariations,
} from '../../api/catalogue/catalogue.writes';
import { rateSkin } from '../../api/catalogue/rate-skin.handler';
import { DEMO_SEED_CORRELATION_ID as CORRELATION_ID } from '../../infra/event-store/event-metadata';
import {
  downloadStreamId,
  skinDownloaded,
  type Downloader,
  type SkinDownloaded,
} from '../../domain/downloads/download.events';
import { hashPassword } from '../../infra/auth/password-hashing';
import { backdated } from '../../infra/event-store/backdating';
import type { NewEvent } from '../../infra/event-store/event-store';
import { storeImageVariants } from '../../infra/media/image-variants';
import {
  authorAvatar,
  bundleScreenshot,
  createRandom,
  skinArchive,
  skinScreenshot,
  type Livery,
  type LiveryPattern,
  type Random,
} from './demo-artwork';
import { DEMO_PASSWORD } from './demo-accounts';
import { tagDemoSkins } from './demo-tags';

/*
 * The demo catalogue: authors, skins with pictures and real zips, color variations, bundles,
 * comments, ratings (through the rating command) and months of download history (as events).
 * Everything random comes from one seed, so every fresh start shows the same catalogue; only the
 * dates move with the day the demo is loaded.
 */

type Game = 'TM2020' | 'TMNF' | 'TM_TURBO' | 'TM2';

type DemoPerson = {
  username: string;
  country: string;
  bio?: string;
  links?: Pick<ProfileChanges, 'twitter' | 'instagram' | 'twitch' | 'discord' | 'facebook' | 'website'>;
};

/** `author` is the demo account of the same name (its id comes from seed-demo.ts). */
const AUTHORS: DemoPerson[] = [
  {
    username: 'mirek_apex',
    country: 'cz',
    bio: 'Painting liveries since the TMNF days. Clean lines, bold colours and far too many hours in the editor.',
    links: { twitch: 'mirek_apex', discord: 'mirek_apex' },
  },
  {
    username: 'Schnellwerk',
    country: 'de',
    bio: 'Endurance-racing inspired designs: silver, carbon and long nights at the track.',
    links: { website: 'https://schnellwerk.example' },
  },
  {
    username: 'LaFlecheBleue',
    country: 'fr',
    bio: 'Bleu, blanc, vitesse. Retro rally paint and a soft spot for Turbo.',
    links: { instagram: 'laflechebleue.tm' },
  },
  {
    username: 'Norrsken',
    country: 'se',
    bio: 'Northern lights, cold colours and smooth gradients, made between hunting sessions.',
    links: { twitter: 'norrsken_tm', twitch: 'norrsken' },
  },
  {
    username: 'CapivaraRacing',
    country: 'br',
    bio: 'Carnaval colours on four wheels. Canyon and stadium liveries from São Paulo.',
    links: { instagram: 'capivara.racing' },
  },
  {
    username: 'dustdevil_tx',
    country: 'us',
    bio: 'Dirt, desert and chrome. Old-school Forever skinner, still here.',
  },
  {
    username: 'hanabi_ghost',
    country: 'jp',
    bio: 'Fireworks, sakura and neon. I paint at night and drive at night.',
    links: { twitter: 'hanabi_ghost' },
  },
  {
    username: 'vanDijkLines',
    country: 'nl',
    bio: 'Graphic designer by day. Grids, geometry and a lot of orange.',
    links: { website: 'https://vandijklines.example', discord: 'vandijk' },
  },
  {
    username: 'SisuSpeed',
    country: 'fi',
    bio: 'Free skins for the Forever community. Sisu means never lifting.',
    links: { discord: 'sisuspeed' },
  },
  {
    username: 'ToroRojo',
    country: 'es',
    bio: 'Red, black and gold. Aggressive liveries for aggressive lines.',
    links: { instagram: 'tororojo.skins' },
  },
  { username: 'brickfog', country: 'gb', bio: 'Rainy-day racing stripes and heritage colours.' },
  {
    username: 'Wiatr_PL',
    country: 'pl',
    bio: 'Wiatr means wind: fast, light designs with plenty of white space.',
    links: { twitch: 'wiatr_pl' },
  },
];

/** Players who rate, comment and download but publish nothing. */
const PLAYERS: DemoPerson[] = [
  { username: 'checkpoint_chaser', country: 'it' },
  { username: 'nocturne_tm', country: 'ca' },
  { username: 'pixelpilot', country: 'kr' },
  { username: 'ghostlap_au', country: 'au' },
  { username: 'slowmo_sam', country: 'ie' },
];

type SkinPlan = {
  author: string;
  title: string;
  game: Game;
  priceCents: number;
  primary: string;
  secondary: string;
  pattern: LiveryPattern;
  description: string;
  /** Skins of one group are color variations of each other. */
  group?: string;
  videoUrl?: string;
  /** How much players like it (0-1): drives ratings and downloads; random when not given. */
  appeal?: number;
};

const skin = (
  author: string,
  title: string,
  game: Game,
  priceCents: number,
  [primary, secondary]: [string, string],
  pattern: LiveryPattern,
  description: string,
  extra: Pick<SkinPlan, 'group' | 'videoUrl' | 'appeal'> = {},
): SkinPlan => ({ author, title, game, priceCents, primary, secondary, pattern, description, ...extra });

const video = (id: string) => `https://www.youtube.com/watch?v=${id}`;

// prettier-ignore
const SKINS: SkinPlan[] = [
  // The demo author account
  skin('author', 'Autobahn Nightline', 'TM2020', 499, ['#14213d', '#fca311'], 'stripes', 'Midnight blue with amber light-trail stripes, inspired by empty motorways at 3 am.'),
  skin('author', 'Rheinblau Sprint', 'TM2020', 0, ['#1d4e89', '#f2f2f2'], 'split', 'A free two-tone sprint livery in river blue and clean white. Easy to read in replays.'),
  skin('author', 'Glacier Mint Racer', 'TM2020', 0, ['#9ee6cf', '#1b3a4b'], 'waves', 'Cool mint waves over a deep ice-blue base. Also available in Ember.', { group: 'glacier' }),
  skin('author', 'Glacier Ember Racer', 'TM2020', 250, ['#ff6b35', '#1b3a4b'], 'waves', 'The Glacier design in hot ember orange: the same waves, a warmer mood.', { group: 'glacier' }),
  skin('author', 'Stadium Classic 06', 'TMNF', 0, ['#e63946', '#f1faee'], 'chevrons', 'A love letter to the 2006 stadium: red chevrons, white flanks and a big door number.', { appeal: 0.95 }),
  skin('author', 'Checkpoint Hunter', 'TMNF', 299, ['#2b2d42', '#8ecae6'], 'circuit', 'Dark graphite with light-blue circuit traces. Made for late-night hunting sessions.'),
  // mirek_apex
  skin('mirek_apex', 'Bohemia Flow Red', 'TM2020', 799, ['#c1121f', '#fdf0d5'], 'waves', 'Cream ribbons flowing over a deep red base. Part of the Bohemia Flow set.', { group: 'bohemia' }),
  skin('mirek_apex', 'Bohemia Flow Teal', 'TM2020', 799, ['#0a9396', '#fdf0d5'], 'waves', 'Cream ribbons over a calm teal base. The most popular colour of the Bohemia Flow set.', { group: 'bohemia', appeal: 0.97 }),
  skin('mirek_apex', 'Bohemia Flow Gold', 'TM2020', 799, ['#e9c46a', '#1d3557'], 'waves', 'Navy ribbons on warm gold. Part of the Bohemia Flow set.', { group: 'bohemia' }),
  skin('mirek_apex', 'Apex Predator', 'TM2020', 1200, ['#111111', '#d4ff00'], 'tiger', 'Black with acid-green claw marks. Loud on purpose.', { videoUrl: video('DemoSkin001') }),
  skin('mirek_apex', 'Prague Tram Retro', 'TMNF', 0, ['#d62828', '#fcbf49'], 'stripes', 'Red and cream like the old city trams. Free for everyone.'),
  skin('mirek_apex', 'Vltava Midnight', 'TMNF', 350, ['#03045e', '#90e0ef'], 'fade', 'A river-at-night fade from ice blue to deep navy.'),
  // Schnellwerk
  skin('Schnellwerk', 'Werk 01 Silberpfeil', 'TM2020', 1499, ['#c0c6cc', '#1f2937'], 'carbon', 'Brushed-silver endurance livery with carbon lower panels and a dark spine.', { videoUrl: video('DemoSkin002') }),
  skin('Schnellwerk', 'Nordschleife Green', 'TM2020', 999, ['#2d6a4f', '#ffd60a'], 'stripes', 'Forest green with yellow stripes, a nod to the long green hell.'),
  skin('Schnellwerk', 'Langstrecke 24', 'TM2020', 2900, ['#f8f9fa', '#e63946'], 'split', 'Premium endurance design: white body, red split nose and a clean number board.'),
  skin('Schnellwerk', 'Werk 02 Canyon', 'TM2', 700, ['#bc6c25', '#283618'], 'camo', 'Desert camouflage for Canyon runs, with olive patches over burnt orange.'),
  skin('Schnellwerk', 'Werk 03 Valley', 'TM2', 0, ['#606c38', '#fefae0'], 'hex', 'Olive body with a pale honeycomb fade. A free companion to Werk 02.'),
  // LaFlecheBleue
  skin('LaFlecheBleue', 'Tricolore Rallye', 'TM2020', 599, ['#0055a4', '#ef4135'], 'stripes', 'Blue body, red and white stripes: a classic rally look for the CarSport.'),
  skin('LaFlecheBleue', 'Riviera Sunset', 'TM2020', 0, ['#ff7b54', '#ffd56b'], 'fade', 'Peach to gold, like the coast road at 8 pm. Free.'),
  skin('LaFlecheBleue', 'Turbo Bleu 93', 'TM_TURBO', 0, ['#1e3a8a', '#ffffff'], 'chevrons', 'White chevrons on royal blue, straight out of a nineties rally programme.'),
  skin('LaFlecheBleue', 'Turbo Blanc Rouge', 'TM_TURBO', 299, ['#fafafa', '#d90429'], 'flames', 'White with red flame tongues running back from the nose.'),
  skin('LaFlecheBleue', 'Turbo Nuit', 'TM_TURBO', 450, ['#0b090a', '#4361ee'], 'stars', 'Black and electric blue with a sprinkle of stars. Looks great under stadium lights.'),
  // Norrsken
  skin('Norrsken', 'Aurora Veil Green', 'TM2020', 699, ['#0b132b', '#3ddc97'], 'waves', 'Green aurora bands over a polar-night base.', { group: 'aurora', appeal: 0.96 }),
  skin('Norrsken', 'Aurora Veil Violet', 'TM2020', 699, ['#0b132b', '#b388eb'], 'waves', 'The Aurora Veil in violet, for the rarer nights.', { group: 'aurora' }),
  skin('Norrsken', 'Polar Circuit Livery', 'TM2020', 0, ['#e0fbfc', '#3d5a80'], 'circuit', 'Ice-white with steel-blue circuit lines. Free and very readable.', { appeal: 0.93 }),
  skin('Norrsken', 'Midsommar Bloom', 'TM2020', 0, ['#ffe066', '#247ba0'], 'dots', 'Sunny yellow with blue halftone dots, for the longest day of the year.'),
  skin('Norrsken', 'Frostbite Classic', 'TMNF', 0, ['#caf0f8', '#023e8a'], 'hex', 'Frosty honeycomb over pale ice blue.'),
  skin('Norrsken', 'Lappland Night Run', 'TMNF', 250, ['#1b263b', '#e0e1dd'], 'stars', 'Dark slate with a starry lower half.'),
  // CapivaraRacing
  skin('CapivaraRacing', 'Carnaval Verde', 'TM2', 599, ['#009c3b', '#ffdf00'], 'flames', 'Green with yellow flames. Also available in Azul.', { group: 'carnaval' }),
  skin('CapivaraRacing', 'Carnaval Azul', 'TM2', 599, ['#002776', '#ffdf00'], 'flames', 'Deep blue with yellow flames. Also available in Verde.', { group: 'carnaval' }),
  skin('CapivaraRacing', 'Copacabana Waves', 'TM2', 0, ['#00b4d8', '#fff3b0'], 'waves', 'Sea blue and sand waves, a free beach cruiser for Canyon.'),
  skin('CapivaraRacing', 'Interlagos Heat', 'TM2020', 999, ['#ffbe0b', '#3a0ca3'], 'chevrons', 'Sunflower yellow with indigo chevrons. Fast even when parked.', { videoUrl: video('DemoSkin003') }),
  skin('CapivaraRacing', 'Capivara Chill', 'TM2020', 0, ['#7f5539', '#ede0d4'], 'dots', 'Warm brown and cream dots. The calmest car on the server.'),
  // dustdevil_tx
  skin('dustdevil_tx', 'Rodeo Dust Sand', 'TMNF', 0, ['#d4a373', '#6b4226'], 'camo', 'Sandy desert camo. Free, like the open road.', { group: 'rodeo' }),
  skin('dustdevil_tx', 'Rodeo Dust Midnight', 'TMNF', 0, ['#22223b', '#c9ada7'], 'camo', 'The Rodeo Dust camo for night races.', { group: 'rodeo' }),
  skin('dustdevil_tx', 'Route 66 Chrome', 'TMNF', 450, ['#adb5bd', '#c1121f'], 'stripes', 'Chrome grey with a red racing stripe, straight from a roadside diner.'),
  skin('dustdevil_tx', 'Lone Star Flyer', 'TMNF', 299, ['#002868', '#bf0a30'], 'stars', 'Navy with red lower panels and white stars.'),
  skin('dustdevil_tx', 'Tumbleweed Turbo', 'TM_TURBO', 0, ['#e9c46a', '#264653'], 'tiger', 'Mustard with dark teal claw marks. Free.'),
  skin('dustdevil_tx', 'Mesa Burnout', 'TM_TURBO', 700, ['#9c2c13', '#f4a261'], 'flames', 'Rust red with sunset flames.'),
  // hanabi_ghost
  skin('hanabi_ghost', 'Sakura Drift Pink', 'TM2020', 799, ['#ffafcc', '#3c1642'], 'dots', 'Blossom pink with plum petals drifting back from the nose.', { group: 'sakura' }),
  skin('hanabi_ghost', 'Sakura Drift White', 'TM2020', 799, ['#f8f9fa', '#ff8fab'], 'dots', 'Pure white with pink petals. The Sakura Drift for snowy tracks.', { group: 'sakura' }),
  skin('hanabi_ghost', 'Sakura Drift Night', 'TM2020', 799, ['#10002b', '#ff8fab'], 'dots', 'Night-sky purple with glowing petals.', { group: 'sakura' }),
  skin('hanabi_ghost', 'Neon Drift Runner', 'TM2020', 1999, ['#120136', '#00f5d4'], 'circuit', 'Deep purple with neon-cyan traces that light up every night map.', { videoUrl: video('DemoSkin004'), appeal: 0.99 }),
  skin('hanabi_ghost', 'Hanabi Burst', 'TM_TURBO', 0, ['#03071e', '#ffba08'], 'stars', 'Golden firework bursts over a black body. Free.'),
  skin('hanabi_ghost', 'Shinkansen Blue', 'TM_TURBO', 499, ['#f1faee', '#1d4ed8'], 'stripes', 'White with a long blue stripe, as smooth as a bullet train.'),
  // vanDijkLines
  skin('vanDijkLines', 'Polder Grid Orange', 'TM2020', 500, ['#ff6d00', '#1a1a1a'], 'pixels', 'Orange with a black pixel grid, fading out towards both ends.', { group: 'polder' }),
  skin('vanDijkLines', 'Polder Grid Blue', 'TM2020', 500, ['#0353a4', '#f0f0f0'], 'pixels', 'The Polder Grid in delft blue and white.', { group: 'polder' }),
  skin('vanDijkLines', 'Primary Blocks Racer', 'TM2020', 1200, ['#f5f5f5', '#d00000'], 'split', 'White body with a bold red block across the nose. Modern art at 300 km/h.'),
  skin('vanDijkLines', 'Tulip Field Sprint', 'TM2', 0, ['#ef476f', '#06d6a0'], 'stripes', 'Tulip pink with green stripes. Free for Valley and Canyon.'),
  skin('vanDijkLines', 'Windmill Valley', 'TM2', 350, ['#118ab2', '#ffd166'], 'chevrons', 'Blue with yellow chevrons turning like sails.'),
  // SisuSpeed
  skin('SisuSpeed', 'Sisu Classic White', 'TMNF', 0, ['#ffffff', '#002f6c'], 'stripes', 'White with two blue stripes. Simple, free and fast.'),
  skin('SisuSpeed', 'Sauna Steam', 'TMNF', 0, ['#8d99ae', '#ef233c'], 'fade', 'Steel grey fading into hot red.'),
  skin('SisuSpeed', 'Lakeland Forever', 'TMNF', 0, ['#2a9d8f', '#e9f5db'], 'waves', 'Lake-green waves. One of a thousand lakes.'),
  skin('SisuSpeed', 'Kaamos Dark', 'TM2020', 0, ['#0d1b2a', '#778da9'], 'hex', 'The polar night as a livery: dark navy with a faint honeycomb.'),
  skin('SisuSpeed', 'Revontulet Pro', 'TM2020', 1499, ['#001233', '#33ffaa'], 'stars', 'Deep blue with a green glow and stars. The premium one.', { videoUrl: video('DemoSkin005') }),
  // ToroRojo
  skin('ToroRojo', 'Matador Rojo', 'TM_TURBO', 399, ['#c1121f', '#fdc500'], 'tiger', 'Red with golden slashes. Also available in Negro.', { group: 'matador' }),
  skin('ToroRojo', 'Matador Negro', 'TM_TURBO', 399, ['#0b0b0b', '#fdc500'], 'tiger', 'Black with golden slashes. Also available in Rojo.', { group: 'matador' }),
  skin('ToroRojo', 'Sevilla Heat', 'TM_TURBO', 0, ['#f77f00', '#fcbf49'], 'flames', 'Orange and saffron flames for hot afternoon races.'),
  skin('ToroRojo', 'Costa Brava Cruiser', 'TM2020', 0, ['#48cae4', '#f4f1de'], 'waves', 'Turquoise and foam white. Free summer vibes.'),
  skin('ToroRojo', 'Toro Gold Edition', 'TM2020', 2499, ['#1a1a1a', '#d4af37'], 'carbon', 'Carbon black with a gold line. Limited edition feel, unlimited laps.'),
  // brickfog
  skin('brickfog', 'Drizzle Racing Green', 'TM2020', 799, ['#004225', '#f2e8cf'], 'stripes', 'Dark racing green with cream stripes. Best enjoyed on a wet track.'),
  skin('brickfog', 'Union Rain', 'TM2020', 0, ['#012169', '#c8102e'], 'chevrons', 'Navy with red chevrons. Free.'),
  skin('brickfog', 'Bus Stop Red', 'TM2020', 250, ['#da291c', '#ffd100'], 'pixels', 'Double-decker red with a yellow pixel band.'),
  skin('brickfog', 'Foggy Canyon', 'TM2', 0, ['#6c757d', '#f8f9fa'], 'camo', 'Grey and white camouflage for misty mornings.'),
  skin('brickfog', 'Brick Lane Spray', 'TM2', 450, ['#ff595e', '#1982c4'], 'split', 'Coral and blue, split like a street-art wall.'),
  // Wiatr_PL
  skin('Wiatr_PL', 'Wiatr Featherweight', 'TM2020', 0, ['#f8f9fa', '#0077b6'], 'fade', 'Almost all white with a blue fade at the rear. Light as a feather.'),
  skin('Wiatr_PL', 'Baltic Breeze', 'TM2020', 0, ['#90e0ef', '#023047'], 'waves', 'Sky blue with deep-sea waves.'),
  skin('Wiatr_PL', 'Tatra Storm', 'TM2020', 999, ['#343a40', '#e5383b'], 'tiger', 'Storm grey with red lightning claws.'),
  skin('Wiatr_PL', 'Mazury Lakes', 'TMNF', 0, ['#3a86ff', '#ffffff'], 'dots', 'Lake blue with white halftone dots.'),
  skin('Wiatr_PL', 'Krakow Nights', 'TMNF', 299, ['#3c096c', '#ff9e00'], 'circuit', 'Purple with amber circuit lines, like the old town after dark.'),
];

type BundlePlan = {
  author: string;
  title: string;
  game: Game;
  description: string;
  skins: string[];
  priceCents: number;
  images: number;
};

// prettier-ignore
const BUNDLES: BundlePlan[] = [
  { author: 'author', title: 'Autobahn Collection', game: 'TM2020', priceCents: 599, images: 1, skins: ['Autobahn Nightline', 'Rheinblau Sprint', 'Glacier Ember Racer'], description: 'Three motorway-inspired liveries for the CarSport at a lower price.' },
  { author: 'mirek_apex', title: 'Bohemia Flow Complete', game: 'TM2020', priceCents: 1499, images: 2, skins: ['Bohemia Flow Red', 'Bohemia Flow Teal', 'Bohemia Flow Gold'], description: 'All three colours of Bohemia Flow. Switch the mood without switching the design.' },
  { author: 'LaFlecheBleue', title: 'Turbo Tricolore Pack', game: 'TM_TURBO', priceCents: 550, images: 0, skins: ['Turbo Bleu 93', 'Turbo Blanc Rouge', 'Turbo Nuit'], description: 'Blue, white and red: the three Turbo liveries together.' },
  { author: 'Norrsken', title: 'Nordic Lights Collection', game: 'TM2020', priceCents: 999, images: 1, skins: ['Aurora Veil Green', 'Aurora Veil Violet', 'Polar Circuit Livery', 'Midsommar Bloom'], description: 'Four skins from the far north, from polar night to midsummer.' },
  { author: 'CapivaraRacing', title: 'Rio Canyon Bundle', game: 'TM2', priceCents: 899, images: 1, skins: ['Carnaval Verde', 'Carnaval Azul', 'Copacabana Waves'], description: 'Both Carnaval colours plus the free Copacabana cruiser.' },
  { author: 'dustdevil_tx', title: 'Desert Forever Pack', game: 'TMNF', priceCents: 499, images: 2, skins: ['Rodeo Dust Sand', 'Rodeo Dust Midnight', 'Route 66 Chrome', 'Lone Star Flyer'], description: 'Four desert-road liveries for the Forever stadium car.' },
  { author: 'hanabi_ghost', title: 'Sakura Season', game: 'TM2020', priceCents: 2999, images: 1, skins: ['Sakura Drift Pink', 'Sakura Drift White', 'Sakura Drift Night', 'Neon Drift Runner'], description: 'The whole Sakura Drift set plus Neon Drift Runner.' },
  { author: 'SisuSpeed', title: 'Forever Free Pack', game: 'TMNF', priceCents: 0, images: 0, skins: ['Sisu Classic White', 'Sauna Steam', 'Lakeland Forever'], description: 'Three free Nations Forever skins in one place.' },
  { author: 'ToroRojo', title: 'Matador Arena Pack', game: 'TM_TURBO', priceCents: 599, images: 1, skins: ['Matador Rojo', 'Matador Negro', 'Sevilla Heat'], description: 'Rojo, Negro and the free Sevilla Heat together.' },
];

const COMMENTS = [
  'This looks amazing on the car, great work!',
  'Love the colour combo. Downloaded straight away.',
  'Clean lines, nothing overdone. Exactly my style.',
  'Used it for a whole cup night and got three compliments in chat :)',
  'The number placement is perfect.',
  'Any chance of a dark green version?',
  'Wow, the details on the sides are so crisp.',
  'Instant favourite. Keep them coming!',
  'Looks even better in motion than in the screenshots.',
  'Fits the night maps really well.',
  'Simple but very readable in replays. Nice job.',
  'gg, this is clean',
  'Would love a matching helmet colour to go with it.',
  'Tried it on a few tracks, the colours pop on every surface.',
  'This is my main skin now.',
  'Hats off, the pattern lines up perfectly across the doors.',
  'Perfect for streaming, the number reads well on camera.',
  'The colours are a bit bright for my taste but the design is great.',
  'How long did the pattern take? Looks like a lot of work.',
  'The sponsor shapes are a nice touch without being noisy.',
  'Honestly one of the best on the site.',
  'Top 3 for me this month.',
  'Ran a few laps with it, looks sharp in the replay editor too.',
  'My teammates asked where I got it, sent them here.',
  'Nice one! The rear wing colour is a great detail.',
  'Really like how the stripes follow the body line.',
  'Installed in two minutes thanks to the readme. Thanks!',
  'Beautiful work, you can tell you care about the little things.',
];
const FREE_COMMENTS = [
  'Super nice, thanks for sharing it for free!',
  'Can’t believe this one is free. Thank you!',
];
const PAID_COMMENTS = ['Worth every cent.', 'Bought it after seeing it in a replay. No regrets.'];
const AUTHOR_REPLIES = [
  'Thanks, glad you like it!',
  'Thank you! More colours are coming soon.',
  'Appreciate it, have fun on the tracks!',
  'Thanks a lot, that means a lot to me.',
];
const BUNDLE_COMMENTS = [
  'Great value, got the whole set.',
  'Nice to have them all in one pack.',
  'Bundles like this are why I keep coming back.',
];

const DAY = 86_400_000;
const CATALOGUE_DAYS = 240;
const HISTORY_DAYS = 182;

/** Runs `work` over the items with at most `concurrency` at a time. */
async function inPool<T>(
  items: readonly T[],
  concurrency: number,
  work: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      await work(items[index] as T, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
}

type DemoUser = { id: number; username: string };

/** What the catalogue holds, for the seeding that builds on it (demo-sales.ts). */
export type DemoCatalogue = {
  /** When the demo was loaded (ms): every date of the demo is before it. */
  now: number;
  /** Everyone registered, by username: the demo accounts, the authors and the players. */
  users: ReadonlyMap<string, DemoUser>;
  skins: readonly {
    id: number;
    title: string;
    author: string;
    authorId: number;
    game: Game;
    priceCents: number;
    createdAt: Date;
    /** How much players like it (0-1). */
    appeal: number;
  }[];
  bundles: readonly {
    id: number;
    title: string;
    author: string;
    authorId: number;
    game: Game;
    priceCents: number;
    createdAt: Date;
    skinIds: readonly number[];
    /** The mean appeal of its skins. */
    appeal: number;
  }[];
};

/** A buyer fetching a skin they own, recorded with the skin's download history. */
export type DemoPurchaseDownload = { skinId: number; userId: number; at: Date };
type PlacedSkin = SkinPlan & {
  id: number;
  url: string;
  authorId: number;
  createdAt: Date;
  appeal: number;
  livery: Livery;
  screenshots: number;
};

/**
 * Loads the demo catalogue into a database that holds only the demo accounts. The accounts' ids
 * come from seed-demo.ts; `passwordHash` (of the demo password) is reused when given. `sales`, when
 * given, runs once the catalogue's rows exist (beside the pictures and the votes); the downloads of
 * what it sold join the skins' download histories, one append per skin.
 */
export async function seedDemoCatalogue(
  app: AppContext,
  accounts: { admin: number; author: number; player: number },
  options: {
    passwordHash?: string;
    sales?: (catalogue: DemoCatalogue) => Promise<readonly DemoPurchaseDownload[]>;
  } = {},
): Promise<void> {
  const started = performance.now();
  const now = app.now().getTime();
  const random = createRandom('trackskins-demo-catalogue');
  const passwordHash = options.passwordHash ?? (await hashPassword(DEMO_PASSWORD));
  const phases: Record<string, number> = {};
  let phaseStart = performance.now();
  const phase = (name: string) => {
    const at = performance.now();
    phases[name] = Math.round(at - phaseStart) / 1000;
    phaseStart = at;
  };

  const byName = await registerPeople(app, random, accounts, passwordHash);
  const everyone = [...byName.values()];
  phase('people');
  const { skins, groups } = await publishSkins(app, random, now, byName);
  const bundles = await publishBundles(app, random, now, byName, skins);
  const comments = await writeComments(app, random, now, everyone, skins, bundles);
  const votes = planVotes(random, now, everyone, skins);
  const downloadPlans = planDownloadHistories(random, now, everyone, skins, accounts.admin);
  phase('rows');

  // Pictures keep the CPU busy while the events go to the database.
  const concurrentStart = performance.now();
  const took = () => Math.round(performance.now() - concurrentStart) / 1000;
  let images = 0;
  const sold = options.sales ? options.sales(catalogueOf(now, byName, skins, bundles)) : Promise.resolve([]);
  await Promise.all([
    storeFiles(app, skins, bundles).then((count) => {
      images = count;
      phases.files = took();
    }),
    recordVotesAndDownloads(app, votes, downloadPlans, skins, sold).then(() => (phases.events = took())),
    sold.then(() => (phases.sales = took())),
  ]);

  const downloads = downloadPlans.reduce((total, plan) => total + plan.events.length, 0);
  app.log.info(
    {
      authors: AUTHORS.length + 1,
      players: PLAYERS.length,
      skins: skins.length,
      bundles: bundles.length,
      colorVariationGroups: groups.size,
      images,
      downloads,
      ratings: votes.length,
      comments,
      seconds: Math.round((performance.now() - started) / 100) / 10,
      phases,
    },
    'demo catalogue loaded',
  );
}

/** People: the authors and players register like anyone else, then fill in their profiles. */
async function registerPeople(
  app: AppContext,
  random: Random,
  accounts: { admin: number; author: number; player: number },
  passwordHash: string,
): Promise<Map<string, DemoUser>> {
  const byName = new Map<string, DemoUser>([
    ['admin', { id: accounts.admin, username: 'admin' }],
    ['author', { id: accounts.author, username: 'author' }],
    ['player', { id: accounts.player, username: 'player' }],
  ]);
  for (const person of [...AUTHORS, ...PLAYERS]) {
    const result = await registerUser(app.pool, {
      username: person.username,
      email: `${person.username.toLowerCase()}@trackskins.local`,
      passwordHash,
      country: person.country,
      subscribedToNews: random.chance(0.4),
      emailVerified: true,
    });
    if (!('user' in result)) throw new Error(`Demo user ${person.username}: ${result.taken} taken`);
    byName.set(person.username, { id: result.user.id, username: person.username });
  }
  const profiles: (DemoPerson & { id: number })[] = [
    { username: 'admin', country: 'cz', id: accounts.admin },
    {
      username: 'author',
      country: 'de',
      id: accounts.author,
      bio: 'Motorway-inspired liveries from Cologne. This is the demo author account: sign in to see its dashboard.',
      links: { website: 'https://author.example' },
    },
    { username: 'player', country: 'fr', id: accounts.player },
    ...[...AUTHORS, ...PLAYERS].map((person) => ({ ...person, id: userId(byName, person.username) })),
  ];
  await inPool(profiles, 3, async (person) => {
    const avatarFilename = await storeAvatar(
      app.storage,
      await authorAvatar(person.username, person.username),
    );
    await updateProfile(app.pool, person.id, {
      avatarFilename,
      description: person.bio ?? null,
      ...person.links,
    });
  });
  return byName;
}

/**
 * The skins, oldest first, spread over the last eight months; variations of a design come out
 * together and are linked, and every skin is tagged.
 */
async function publishSkins(
  app: AppContext,
  random: Random,
  now: number,
  byName: Map<string, DemoUser>,
): Promise<{ skins: PlacedSkin[]; groups: Map<string, PlacedSkin[]> }> {
  const order = random.shuffle(SKINS);
  const groupDates = new Map<string, number>();
  const planned = order.map((plan, index) => {
    const base = now - CATALOGUE_DAYS * DAY + ((index + 0.5) / order.length) * (CATALOGUE_DAYS - 3) * DAY;
    const groupDate = plan.group ? groupDates.get(plan.group) : undefined;
    const at = groupDate ?? base + random.between(-0.4, 0.4) * DAY;
    if (plan.group && groupDate === undefined) groupDates.set(plan.group, at);
    return { plan, at: Math.min(now - DAY, at + random.between(0, 5) * 3_600_000) };
  });
  planned.sort((a, b) => a.at - b.at);
  const skins: PlacedSkin[] = [];
  const groupNumbers: Record<string, number> = {};
  for (const { plan, at } of planned) {
    if (plan.title.length < 4 || plan.title.length > 60 || plan.description.length > 200) {
      throw new Error(`Demo skin ${plan.title}: title or description out of bounds`);
    }
    const authorId = userId(byName, plan.author);
    const createdAt = new Date(at);
    const row = await insertSkin(app.pool, {
      authorId,
      title: plan.title,
      description: plan.description,
      game: plan.game,
      priceCents: plan.priceCents,
      videoUrl: plan.videoUrl ?? null,
      colorPrimary: plan.primary,
      colorSecondary: plan.secondary,
      createdAt,
    });
    skins.push({
      ...plan,
      ...row,
      authorId,
      createdAt,
      appeal: plan.appeal ?? random.between(0.12, 0.78),
      livery: {
        primary: plan.primary,
        secondary: plan.secondary,
        pattern: plan.pattern,
        // Color variations share the design: the same number, details and shots in other colors.
        number: plan.group ? (groupNumbers[plan.group] ??= random.int(2, 99)) : random.int(2, 99),
        seed: plan.group ?? plan.title,
      },
      screenshots: random.pick([2, 2, 3, 3, 3, 4, 5]),
    });
  }
  const groups = Map.groupBy(
    skins.filter((s) => s.group),
    (s) => s.group as string,
  );
  for (const members of groups.values())
    await linkColorVariations(
      app.pool,
      members.map((s) => s.id),
    );
  await tagDemoSkins(app.pool, skins);

  return { skins, groups };
}

type PlacedBundle = { id: number; plan: BundlePlan; skins: PlacedSkin[]; createdAt: Date };

/** The bundles, each after its newest skin, below the price of its skins. */
async function publishBundles(
  app: AppContext,
  random: Random,
  now: number,
  byName: Map<string, DemoUser>,
  skins: readonly PlacedSkin[],
): Promise<PlacedBundle[]> {
  const byTitle = new Map(skins.map((s) => [s.title, s]));
  const bundles: PlacedBundle[] = [];
  for (const plan of BUNDLES) {
    const members = plan.skins.map((title) => {
      const found = byTitle.get(title);
      if (!found || found.author !== plan.author || found.game !== plan.game) {
        throw new Error(`Demo bundle ${plan.title}: ${title} is not a ${plan.game} skin of ${plan.author}`);
      }
      return found;
    });
    const sum = members.reduce((total, s) => total + s.priceCents, 0);
    if (sum === 0 ? plan.priceCents !== 0 : plan.priceCents >= sum) {
      throw new Error(`Demo bundle ${plan.title} must cost less than its skins`);
    }
    const newest = Math.max(...members.map((s) => s.createdAt.getTime()));
    const createdAt = new Date(Math.min(now - DAY / 2, newest + random.between(1, 12) * DAY));
    const row = await insertBundle(app.pool, {
      authorId: userId(byName, plan.author),
      title: plan.title,
      description: plan.description,
      game: plan.game,
      priceCents: plan.priceCents,
      skinIds: members.map((s) => s.id),
      createdAt,
    });
    bundles.push({ id: row.id, plan, skins: members, createdAt });
  }

  return bundles;
}

/** Comments: a few on most skins and some bundles, after the item appeared. Returns how many. */
async function writeComments(
  app: AppContext,
  random: Random,
  now: number,
  everyone: readonly DemoUser[],
  skins: readonly PlacedSkin[],
  bundles: readonly PlacedBundle[],
): Promise<number> {
  let comments = 0;
  for (const s of skins) {
    if (!random.chance(0.8)) continue;
    const count = random.int(2, 6);
    const texts = random.shuffle([...COMMENTS, ...(s.priceCents === 0 ? FREE_COMMENTS : PAID_COMMENTS)]);
    const commenters = everyone.filter((u) => u.id !== s.authorId);
    const times = sortedTimes(random, s.createdAt.getTime() + 3_600_000, now - 600_000, count);
    for (let i = 0; i < count; i++) {
      const reply = i === count - 1 && random.chance(0.35);
      await insertComment(app.pool, {
        skinId: s.id,
        userId: reply ? s.authorId : random.pick(commenters).id,
        text: reply ? random.pick(AUTHOR_REPLIES) : (texts[i] as string),
        createdAt: new Date(times[i] as number),
      });
      comments++;
    }
  }
  for (const bundle of bundles) {
    const count = random.int(0, 2);
    const times = sortedTimes(random, bundle.createdAt.getTime() + 3_600_000, now - 600_000, count);
    for (let i = 0; i < count; i++) {
      await insertComment(app.pool, {
        bundleId: bundle.id,
        userId: random.pick(everyone.filter((u) => u.id !== bundle.skins[0]?.authorId)).id,
        text: random.pick(BUNDLE_COMMENTS),
        createdAt: new Date(times[i] as number),
      });
      comments++;
    }
  }

  return comments;
}

type DemoVote = { skinId: number; userId: number; rating: number; occurredAt: Date };

/**
 * The ratings players give, never on their own skins, dated over the last three months (after the
 * skin appeared), so last month has a Skin of the Month to choose. Recorded later through the
 * rating command.
 */
function planVotes(
  random: Random,
  now: number,
  everyone: readonly DemoUser[],
  skins: readonly PlacedSkin[],
): DemoVote[] {
  const votes: DemoVote[] = [];
  for (const s of skins) {
    const from = Math.max(s.createdAt.getTime(), now - 90 * DAY);
    for (const user of everyone) {
      if (user.id === s.authorId || !random.chance(0.16 + 0.5 * s.appeal)) continue;
      const rating = Math.round(1.6 + 3.4 * s.appeal + random.between(-0.9, 0.9));
      const occurredAt = new Date(from + random.between(0, 1) * (now - from));
      votes.push({ skinId: s.id, userId: user.id, rating: Math.min(5, Math.max(1, rating)), occurredAt });
    }
  }

  return votes;
}

type DownloadPlan = { skin: PlacedSkin; events: ReturnType<typeof downloadHistory> };

/** Each skin's download history over the last six months, by the demo people and anonymous visitors. */
function planDownloadHistories(
  random: Random,
  now: number,
  everyone: DemoUser[],
  skins: readonly PlacedSkin[],
  adminId: number,
): DownloadPlan[] {
  const visitors = Array.from({ length: 900 }, () => random.hex(32));
  return skins.map((s) => ({
    skin: s,
    events: downloadHistory(s, random, now, everyone, visitors, adminId),
  }));
}

/** The pictures and zips of the skins and the pictures of the bundles, made and stored. Returns the pictures' count. */
async function storeFiles(
  app: AppContext,
  skins: readonly PlacedSkin[],
  bundles: readonly PlacedBundle[],
): Promise<number> {
  let images = 0;
  await inPool(skins, 3, async (s) => {
    for (let index = 0; index < s.screenshots; index++) {
      const picture = await skinScreenshot({ livery: s.livery, index });
      const stored = await storeImageVariants(app.storage, picture, { prefix: 'skin' });
      await insertResource(app.pool, { skinId: s.id, type: 'IMAGE', position: index, ...stored });
      images++;
    }
    const zip = await skinArchive({
      title: s.title,
      author: s.author,
      game: s.game,
      livery: s.livery,
    });
    const filename = `source-${randomUUID()}.zip`;
    await app.storage.put('private', filename, zip);
    await insertResource(app.pool, {
      skinId: s.id,
      type: 'SKIN_SOURCE',
      filename,
      originalName: `${s.url}.zip`,
      position: 0,
      sizeBytes: zip.length,
    });
  });
  await inPool(bundles, 2, async (bundle) => {
    for (let index = 0; index < bundle.plan.images; index++) {
      const picture = await bundleScreenshot(
        bundle.skins.map((s) => s.livery),
        index,
      );
      const stored = await storeImageVariants(app.storage, picture, { prefix: 'bundle' });
      await insertResource(app.pool, { bundleId: bundle.id, type: 'IMAGE', position: index, ...stored });
      images++;
    }
  });
  return images;
}

/** What the catalogue holds, for the sales seeded on top of it. */
function catalogueOf(
  now: number,
  byName: Map<string, DemoUser>,
  skins: readonly PlacedSkin[],
  bundles: readonly PlacedBundle[],
): DemoCatalogue {
  return {
    now,
    users: byName,
    skins: skins.map((s) => ({
      id: s.id,
      title: s.title,
      author: s.author,
      authorId: s.authorId,
      game: s.game,
      priceCents: s.priceCents,
      createdAt: s.createdAt,
      appeal: s.appeal,
    })),
    bundles: bundles.map((b) => ({
      id: b.id,
      title: b.plan.title,
      author: b.plan.author,
      authorId: userId(byName, b.plan.author),
      game: b.plan.game,
      priceCents: b.plan.priceCents,
      createdAt: b.createdAt,
      skinIds: b.skins.map((s) => s.id),
      appeal: b.skins.reduce((sum, s) => sum + s.appeal, 0) / b.skins.length,
    })),
  };
}

/**
 * The votes through the rating command, then the download histories, joined by the buyers'
 * downloads of what they bought: one append per skin (a stream per downloader), backdated.
 */
async function recordVotesAndDownloads(
  app: AppContext,
  votes: readonly DemoVote[],
  downloadPlans: DownloadPlan[],
  skins: readonly PlacedSkin[],
  sold: Promise<readonly DemoPurchaseDownload[]>,
): Promise<void> {
  await inPool(votes, 2, (vote) =>
    rateSkin(app, {
      ...vote,
      occurredAt: backdated(vote.occurredAt),
      metadata: { actor: { userId: vote.userId }, correlationId: CORRELATION_ID },
    }),
  );
  // Buyers' downloads of what they bought join the histories.
  const skinsById = new Map(skins.map((s) => [s.id, s]));
  for (const download of await sold) {
    const s = skinsById.get(download.skinId);
    const plan = downloadPlans.find((candidate) => candidate.skin.id === download.skinId);
    if (!s || !plan) throw new Error(`Demo download of unknown skin ${download.skinId}`);
    plan.events.push({
      ...skinDownloaded({ id: s.id, game: s.game, authorId: s.authorId }, { userId: download.userId }),
      metadata: { actor: { userId: download.userId }, correlationId: CORRELATION_ID },
      occurredAt: backdated(download.at),
    });
  }
  for (const plan of downloadPlans) {
    plan.events.sort((a, b) => (a.occurredAt?.getTime() ?? 0) - (b.occurredAt?.getTime() ?? 0));
  }
  await inPool(downloadPlans, 2, async ({ skin: s, events: history }) => {
    if (history.length === 0) return;
    const streams = new Map<string, typeof history>();
    for (const event of history) {
      const streamId = downloadStreamId(s.id, event.data.downloader);
      streams.set(streamId, [...(streams.get(streamId) ?? []), event]);
    }
    await app.pool.transaction((tx) =>
      app.store.append(
        tx,
        [...streams].map(([streamId, events]) => ({
          streamId,
          streamType: 'skin-downloads',
          expectedVersion: 'any' as const,
          events,
        })),
      ),
    );
  });
}

function userId(users: Map<string, DemoUser>, username: string): number {
  const user = users.get(username);
  if (!user) throw new Error(`Unknown demo user ${username}`);
  return user.id;
}

/** `count` increasing times between `from` and `to`. */
function sortedTimes(random: Random, from: number, to: number, count: number): number[] {
  const span = Math.max(0, to - from);
  return Array.from({ length: count }, () => from + random.next() * span).sort((a, b) => a - b);
}

/**
 * A skin's download history: free skins by registered users and anonymous visitors (some coming
 * back for it again), more for the well-liked ones and with a spike after release; paid skins by
 * their author and the admin here, and by their buyers from the demo's sales.
 */
function downloadHistory(
  s: PlacedSkin,
  random: Random,
  now: number,
  users: DemoUser[],
  visitors: string[],
  adminId: number,
): NewEvent<'SkinDownloaded', SkinDownloaded['data']>[] {
  const start = Math.max(s.createdAt.getTime() + 1_800_000, now - HISTORY_DAYS * DAY);
  const span = now - 60_000 - start;
  if (span <= 0) return [];
  const downloads: Downloader[] = [];
  if (s.priceCents > 0) {
    const own = random.int(1, 3);
    for (let i = 0; i < own; i++) downloads.push({ userId: s.authorId });
    const admin = random.int(0, 3);
    for (let i = 0; i < admin; i++) downloads.push({ userId: adminId });
  } else {
    const age = Math.min(1, 0.3 + span / (120 * DAY));
    const total = Math.round(Math.min(400, (5 + 395 * s.appeal ** 1.7) * random.between(0.6, 1) * age));
    const unique = Math.max(1, Math.round(total / random.between(1.15, 1.6)));
    const people: Downloader[] = [];
    const taken = new Set<string>();
    for (let i = 0; i < Math.min(unique, total); i++) {
      if (random.chance(0.2)) {
        const user = random.pick(users);
        if (!taken.has(`u${user.id}`)) {
          taken.add(`u${user.id}`);
          people.push({ userId: user.id });
          continue;
        }
      }
      const key = random.pick(visitors);
      if (taken.has(key)) continue;
      taken.add(key);
      people.push({ visitorKey: key });
    }
    downloads.push(...people);
    while (downloads.length < total && people.length > 0) downloads.push(random.pick(people));
  }
  const launch = s.createdAt.getTime() >= start;
  return downloads
    .map((downloader) => {
      // Most downloads come in the weeks after release, the rest over the whole period.
      const early = launch && random.chance(0.45);
      const offset = early ? Math.min(1, -Math.log(1 - random.next()) * 0.08) : random.next();
      return { downloader, at: start + offset * span };
    })
    .sort((a, b) => a.at - b.at)
    .map(({ downloader, at }) => ({
      ...skinDownloaded({ id: s.id, game: s.game, authorId: s.authorId }, downloader),
      metadata: {
        ...('userId' in downloader ? { actor: { userId: downloader.userId } } : {}),
        correlationId: CORRELATION_ID,
      },
      occurredAt: backdated(at),
    }));
}
