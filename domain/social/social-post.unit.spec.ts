import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  INSTAGRAM_HASHTAGS_MAX,
  SOCIAL_IMAGE_LIMITS,
  SOCIAL_IMAGES_MAX,
  SOCIAL_MESSAGE_MAX,
  SOCIAL_NETWORKS,
  X_URL_WEIGHT,
  X_WEIGHTED_MAX,
  countHashtags,
  findLinks,
  messageLengthFor,
  socialPublishInput,
  strictestLimit,
  validateForNetwork,
  xWeightedLength,
} from './social-post';

const cp = (codePoint: number) => String.fromCodePoint(codePoint);

describe("X's weighted length", () => {
  it('weighs Latin, Greek, Cyrillic and Georgian letters 1, CJK and Hangul 2', () => {
    expect(xWeightedLength('hello')).toBe(5);
    expect(xWeightedLength('ßΩяა')).toBe(4);
    expect(xWeightedLength('こんにちは')).toBe(10);
    expect(xWeightedLength('한국')).toBe(4);
    expect(xWeightedLength('ｱ')).toBe(2);
  });

  it('weighs the light ranges 1 and the code points next to them 2', () => {
    const light = [0x20, 0x10ff, 0x2000, 0x200d, 0x2010, 0x201f, 0x2032, 0x2037];
    const heavy = [0x1100, 0x200e, 0x200f, 0x2020, 0x2030, 0x2031, 0x2038, 0x1f600];
    for (const codePoint of light) expect(xWeightedLength(cp(codePoint)), codePoint.toString(16)).toBe(1);
    for (const codePoint of heavy) expect(xWeightedLength(cp(codePoint)), codePoint.toString(16)).toBe(2);
  });

  it('counts every emoji 2, however many code points make it', () => {
    for (const emoji of ['😀', '👍🏽', '🇫🇷', '❤️', '1️⃣', '👨‍👩‍👧‍👦', '🏳️‍🌈', '🫱🏻‍🫲🏿', '🧑🏽‍🦰'])
      expect(xWeightedLength(emoji), emoji).toBe(2);
    expect(xWeightedLength('😀😀 go')).toBe(7);
    // A text-style symbol without the emoji selector weighs by its code point.
    expect(xWeightedLength('©')).toBe(1);
    expect(xWeightedLength('™')).toBe(2);
  });

  it('counts a decomposed accent as one character, as X normalises to NFC', () => {
    expect(xWeightedLength('e\u0301')).toBe(1);
  });

  it('counts every link 23, with or without https://, and leaves out the punctuation after it', () => {
    expect(xWeightedLength(`see https://example.com/${'a'.repeat(300)}`)).toBe(4 + X_URL_WEIGHT);
    expect(xWeightedLength('https://a.co')).toBe(X_URL_WEIGHT);
    expect(xWeightedLength('trackskins.gg/skins/12')).toBe(X_URL_WEIGHT);
    expect(xWeightedLength('go to example.com!')).toBe(6 + X_URL_WEIGHT + 1);
    expect(xWeightedLength('(https://trackskins.gg/skins/12).')).toBe(1 + X_URL_WEIGHT + 2);
    expect(xWeightedLength('https://en.wikipedia.org/wiki/Trackmania_(series)')).toBe(X_URL_WEIGHT);
    expect(xWeightedLength('https://a.com,https://b.com')).toBe(2 * X_URL_WEIGHT + 1);
    expect(findLinks('New: https://trackskins.gg/skins/12?ref=x, and more').map((link) => link.url)).toEqual([
      'https://trackskins.gg/skins/12?ref=x',
    ]);
  });

  it('does not take file names, mentions, hashtags or e-mail addresses for links', () => {
    expect(findLinks('skin.jpg #example.com @example.com a@example.com v1.2 e.g. x/example.com')).toEqual([]);
    expect(xWeightedLength('skin.jpg')).toBe(8);
  });

  it('counts a link of any length and shape 23 (property)', () => {
    const segment = fc.stringMatching(/^[a-z0-9_-]{1,40}$/);
    fc.assert(
      fc.property(
        fc.constantFrom('http://', 'https://', ''),
        fc.array(fc.stringMatching(/^[a-z0-9]{1,20}$/), { minLength: 1, maxLength: 3 }),
        fc.constantFrom('com', 'gg', 'net', 'de', 'org', 'app'),
        fc.array(segment, { maxLength: 12 }),
        fc.stringMatching(/^[a-zA-Z ]{0,30}$/),
        (protocol, labels, tld, path, words) => {
          const url = `${protocol}${labels.join('.')}.${tld}${path.length > 0 ? `/${path.join('/')}` : ''}`;
          const text = `${words} ${url} ${words}`;
          expect(xWeightedLength(text)).toBe(words.length * 2 + 2 + X_URL_WEIGHT);
        },
      ),
    );
  });

  it('weighs any text without links between its character count and twice that (property)', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', maxLength: 80 }).filter((text) => findLinks(text).length === 0),
        (text) => {
          const characters = [...text.normalize('NFC')].length;
          const weighted = xWeightedLength(text);
          expect(weighted).toBeLessThanOrEqual(2 * characters);
          expect(weighted).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });

  it('grows by 1 for each Latin letter added and by 2 for each CJK one (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), fc.constantFrom('a', 'Z', 'é'), (text, letter) => {
        const base = `${text} `;
        expect(xWeightedLength(`${base}${letter}`)).toBe(xWeightedLength(base) + 1);
        expect(xWeightedLength(`${base}日`)).toBe(xWeightedLength(base) + 2);
      }),
    );
  });
});

describe('message lengths and the strictest limit', () => {
  it('measures a message per network: X by weight, Instagram by characters', () => {
    expect(messageLengthFor('TWITTER', '日本 😀')).toBe(7);
    expect(messageLengthFor('INSTAGRAM', '日本 😀')).toBe(4);
  });

  it('reports the product cap of 260 characters while X has more room (Latin text)', () => {
    const message = 'a'.repeat(200);
    expect(strictestLimit(['TWITTER', 'INSTAGRAM'], message)).toEqual({
      network: 'TWITTER',
      constraint: 'PRODUCT',
      used: 200,
      max: SOCIAL_MESSAGE_MAX,
      remaining: 60,
    });
    expect(strictestLimit(['INSTAGRAM'], message)).toMatchObject({
      network: 'INSTAGRAM',
      constraint: 'PRODUCT',
    });
  });

  it("reports X's weighted length once it is closer to 280 than the text is to 260", () => {
    const message = '日'.repeat(150);
    expect(strictestLimit(['TWITTER', 'INSTAGRAM'], message)).toEqual({
      network: 'TWITTER',
      constraint: 'X_WEIGHTED',
      used: 300,
      max: X_WEIGHTED_MAX,
      remaining: -20,
    });
    // Instagram alone takes it: 150 characters of 260.
    expect(strictestLimit(['INSTAGRAM'], message)).toMatchObject({ constraint: 'PRODUCT', remaining: 110 });
  });

  it('keeps the product cap for a long link, which X counts as 23', () => {
    const message = `Skin: https://trackskins.gg/skins/${'1'.repeat(230)}`;
    expect(strictestLimit(['TWITTER'], message)).toMatchObject({
      constraint: 'PRODUCT',
      used: [...message].length,
      remaining: SOCIAL_MESSAGE_MAX - [...message].length,
    });
  });

  it('reports more than 30 hashtags on Instagram, and the product cap with no network selected', () => {
    const tags = Array.from({ length: INSTAGRAM_HASHTAGS_MAX + 1 }, (_, i) => `#t${i}`).join(' ');
    expect(countHashtags(tags)).toBe(31);
    expect(strictestLimit(['INSTAGRAM'], tags)).toEqual({
      network: 'INSTAGRAM',
      constraint: 'INSTAGRAM_HASHTAGS',
      used: 31,
      max: 30,
      remaining: -1,
    });
    expect(strictestLimit([], '  hello  ')).toEqual({
      network: null,
      constraint: 'PRODUCT',
      used: 5,
      max: SOCIAL_MESSAGE_MAX,
      remaining: 255,
    });
  });

  it('counts hashtags as Instagram links them', () => {
    expect(countHashtags('#Trackmania #TM2020 #日本 #_x')).toBe(4);
    expect(countHashtags('#123 a#b &#39; ## #')).toBe(0);
  });

  it('is never looser than any selected network (property)', () => {
    fc.assert(
      fc.property(
        fc.subarray([...SOCIAL_NETWORKS]),
        fc.string({ unit: 'grapheme', maxLength: 300 }),
        (networks, message) => {
          const strictest = strictestLimit(networks, message);
          const text = message.trim();
          expect(strictest.remaining).toBeLessThanOrEqual(SOCIAL_MESSAGE_MAX - [...text].length);
          if (networks.includes('TWITTER'))
            expect(strictest.remaining).toBeLessThanOrEqual(X_WEIGHTED_MAX - xWeightedLength(text));
        },
      ),
    );
  });
});

describe('validateForNetwork', () => {
  it('accepts a message and an image count each network takes', () => {
    expect(validateForNetwork('TWITTER', { message: 'New skin!', imageCount: 4 })).toBeNull();
    expect(validateForNetwork('INSTAGRAM', { message: 'New skin!', imageCount: 10 })).toBeNull();
    expect(validateForNetwork('INSTAGRAM', { message: 'New skin!', imageCount: 1 })).toBeNull();
  });

  it('names the image limits of each network', () => {
    expect(SOCIAL_IMAGE_LIMITS).toEqual({ TWITTER: { min: 1, max: 4 }, INSTAGRAM: { min: 1, max: 10 } });
    expect(validateForNetwork('TWITTER', { message: 'Hi', imageCount: 5 })).toBe('X takes at most 4 images.');
    expect(validateForNetwork('INSTAGRAM', { message: 'Hi', imageCount: 11 })).toBe(
      'Instagram takes at most 10 images.',
    );
    expect(validateForNetwork('TWITTER', { message: 'Hi', imageCount: 0 })).toBe(
      'X needs at least one image.',
    );
    expect(validateForNetwork('INSTAGRAM', { message: 'Hi', imageCount: 0 })).toBe(
      'Instagram needs at least one image.',
    );
  });

  it('refuses an empty message, one past 260 characters, past 280 on X, or with too many hashtags', () => {
    expect(validateForNetwork('TWITTER', { message: ' \u200b ', imageCount: 1 })).toBe('Write a message.');
    expect(validateForNetwork('INSTAGRAM', { message: 'a'.repeat(261), imageCount: 1 })).toBe(
      'A message can have at most 260 characters.',
    );
    expect(validateForNetwork('INSTAGRAM', { message: `${'a'.repeat(260)}  `, imageCount: 1 })).toBeNull();
    expect(validateForNetwork('TWITTER', { message: '日'.repeat(141), imageCount: 1 })).toBe(
      'X counts this message as 282 characters; it takes at most 280.',
    );
    expect(validateForNetwork('INSTAGRAM', { message: '日'.repeat(141), imageCount: 1 })).toBeNull();
    const tags = Array.from({ length: 31 }, (_, i) => `#t${i}`).join(' ');
    expect(validateForNetwork('INSTAGRAM', { message: tags, imageCount: 1 })).toBe(
      'Instagram takes at most 30 hashtags.',
    );
    expect(validateForNetwork('TWITTER', { message: tags, imageCount: 1 })).toBeNull();
    expect(validateForNetwork('TWITTER', { message: 'a\0b', imageCount: 1 })).toMatch(/NUL/);
  });
});

describe('socialPublishInput', () => {
  const parse = (input: unknown) => socialPublishInput.safeParse(input);
  const errorOf = (input: unknown) => {
    const result = parse(input);
    return result.success ? null : result.error.issues.map((issue) => issue.message);
  };

  it('trims the message, coerces ids from strings or numbers and keeps the order chosen', () => {
    expect(parse({ message: '  New skin!  ', imageIds: ['12', 3, ' 7 '], authorId: '5' })).toEqual({
      success: true,
      data: { message: 'New skin!', imageIds: [12, 3, 7], authorId: 5 },
    });
    expect(parse({ message: 'x', imageIds: [1] }).data).toEqual({
      message: 'x',
      imageIds: [1],
      authorId: undefined,
    });
    expect(parse({ message: 'x', imageIds: [1], authorId: null }).data?.authorId).toBeUndefined();
  });

  it('counts the 260 characters as people do: 260 emoji fit, 261 letters do not', () => {
    expect(parse({ message: '🏎️'.repeat(130), imageIds: [1] }).success).toBe(true);
    expect(parse({ message: '😀'.repeat(260), imageIds: [1] }).success).toBe(true);
    expect(errorOf({ message: 'a'.repeat(261), imageIds: [1] })).toEqual([
      'A message can have at most 260 characters.',
    ]);
  });

  it('refuses an empty or invisible message and a NUL character', () => {
    expect(errorOf({ message: '   ', imageIds: [1] })).toEqual(['Write a message.']);
    expect(errorOf({ message: '\u200b\u200e', imageIds: [1] })).toEqual(['Write a message.']);
    expect(errorOf({ imageIds: [1] })).toEqual(['Write a message.']);
    expect(errorOf({ message: 'a\0b', imageIds: [1] })).toEqual([
      'The message contains a NUL character, which cannot be posted.',
    ]);
  });

  it('takes 1 to 10 distinct positive whole ids', () => {
    expect(errorOf({ message: 'x', imageIds: [] })).toEqual(['Choose at least one image.']);
    expect(errorOf({ message: 'x' })).toEqual(['Choose at least one image.']);
    const eleven = Array.from({ length: SOCIAL_IMAGES_MAX + 1 }, (_, i) => i + 1);
    expect(errorOf({ message: 'x', imageIds: eleven })).toEqual(['Choose at most 10 images.']);
    expect(errorOf({ message: 'x', imageIds: [1, '1'] })).toEqual(['Choose each image only once.']);
    for (const bad of [0, -1, 1.5, 'abc', '1e3', '', null, Number.MAX_SAFE_INTEGER + 1])
      expect(errorOf({ message: 'x', imageIds: [bad] }), String(bad)).toEqual([
        'An image id must be a positive whole number.',
      ]);
    expect(errorOf({ message: 'x', imageIds: [1], authorId: 0 })).toEqual([
      'An author id must be a positive whole number.',
    ]);
  });

  it('keeps any selection of distinct ids in its order (property)', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 1_000_000 }), { minLength: 1, maxLength: 10 }),
        fc.boolean(),
        (ids, asStrings) => {
          const result = parse({ message: 'x', imageIds: asStrings ? ids.map(String) : ids });
          expect(result.success && result.data.imageIds).toEqual(ids);
        },
      ),
    );
  });
});
