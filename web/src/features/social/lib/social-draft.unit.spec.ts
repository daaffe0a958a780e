import { describe, expect, it } from 'vitest';
import {
  asId,
  authorInserts,
  handleOf,
  hashtagsFor,
  insertAt,
  skinPageLink,
  toggleImage,
} from './social-draft';

describe('the quick inserts of the social media page', () => {
  it('tags every post with Trackmania and the skins, then each game once', () => {
    expect(hashtagsFor(['TM2020'])).toBe('#Trackmania #TrackmaniaSkins #Trackmania2020');
    expect(hashtagsFor(['TMNF', 'TM2020', 'TMNF'])).toBe(
      '#Trackmania #TrackmaniaSkins #TrackmaniaNationsForever #Trackmania2020',
    );
    expect(hashtagsFor([])).toBe('#Trackmania #TrackmaniaSkins');
  });

  it("links a skin's page on this site", () => {
    expect(skinPageLink('https://trackskins.gg', 'polar circuit')).toBe(
      'https://trackskins.gg/skins/polar%20circuit',
    );
  });

  it('reads handles with or without @ and from profile links of the right network only', () => {
    expect(handleOf('TWITTER', 'norrsken_tm')).toBe('@norrsken_tm');
    expect(handleOf('TWITTER', ' @norrsken_tm ')).toBe('@norrsken_tm');
    expect(handleOf('TWITTER', 'https://x.com/norrsken_tm')).toBe('@norrsken_tm');
    expect(handleOf('TWITTER', 'twitter.com/@norrsken_tm/')).toBe('@norrsken_tm');
    expect(handleOf('INSTAGRAM', 'https://www.instagram.com/capivara.racing/')).toBe('@capivara.racing');
    expect(handleOf('INSTAGRAM', 'https://x.com/capivara')).toBeNull();
    expect(handleOf('TWITTER', 'capivara.racing')).toBeNull();
    expect(handleOf('TWITTER', '')).toBeNull();
    expect(handleOf('TWITTER', null)).toBeNull();
    expect(handleOf('INSTAGRAM', 'two words')).toBeNull();
  });

  it("offers the author's handles, once when they are the same, else the username", () => {
    expect(authorInserts({ username: 'Norrsken', twitter: 'norrsken_tm' })).toEqual([
      { network: 'TWITTER', text: '@norrsken_tm' },
    ]);
    expect(authorInserts({ username: 'A', twitter: 'same_one', instagram: '@Same_One' })).toEqual([
      { network: null, text: '@same_one' },
    ]);
    expect(authorInserts({ username: 'A', twitter: 'tw_a', instagram: 'ig.a' })).toEqual([
      { network: 'TWITTER', text: '@tw_a' },
      { network: 'INSTAGRAM', text: '@ig.a' },
    ]);
    expect(authorInserts({ username: 'SisuSpeed', twitter: null, instagram: '' })).toEqual([
      { network: null, text: 'SisuSpeed' },
    ]);
  });
});

describe('inserting at the cursor', () => {
  it('inserts into an empty message as it is', () => {
    expect(insertAt('', 0, 0, '#Trackmania')).toEqual({ message: '#Trackmania', cursor: 11 });
  });

  it('keeps words apart with a space on either side where needed', () => {
    expect(insertAt('New skin by', 11, 11, '@norrsken_tm')).toEqual({
      message: 'New skin by @norrsken_tm',
      cursor: 24,
    });
    expect(insertAt('Hello world', 5, 5, 'X')).toEqual({ message: 'Hello X world', cursor: 7 });
    expect(insertAt('Hello ', 6, 6, 'X')).toEqual({ message: 'Hello X', cursor: 7 });
  });

  it('replaces the selected text', () => {
    expect(insertAt('Look at TITLE now', 8, 13, 'Polar Circuit')).toEqual({
      message: 'Look at Polar Circuit now',
      cursor: 21,
    });
  });

  it('clamps a cursor outside the message', () => {
    expect(insertAt('abc', 10, 12, 'd')).toEqual({ message: 'abc d', cursor: 5 });
  });
});

describe('the numbered image selection', () => {
  it('numbers images in the order they are clicked and renumbers after a deselection', () => {
    let selection: string[] = [];
    selection = toggleImage(selection, '7');
    selection = toggleImage(selection, '3');
    selection = toggleImage(selection, '9');
    expect(selection).toEqual(['7', '3', '9']);
    selection = toggleImage(selection, '7');
    expect(selection).toEqual(['3', '9']);
    selection = toggleImage(selection, '7');
    expect(selection).toEqual(['3', '9', '7']);
  });
});

describe('ids in the query string', () => {
  it('takes positive digits only', () => {
    expect(asId('42')).toBe('42');
    expect(asId('0')).toBeNull();
    expect(asId('polar-circuit')).toBeNull();
    expect(asId('1234567890123456')).toBeNull();
  });
});
