import { describe, expect, it } from 'vitest';
import { skinInput } from './item-editor.schemas';
import {
  skinTagSlugs,
  tagChange,
  tagFilterOf,
  tagInput,
  tagMessages,
  tagSlugOf,
  TAGS_PER_SKIN_MAX,
} from './tags.schemas';

const messageOf = (result: {
  success: boolean;
  error?: { issues: { message: string; path: PropertyKey[] }[] };
}) => result.error?.issues[0];

describe('tag link names', () => {
  it('are made from the name: lowercase, accents dropped, words joined by single dashes', () => {
    expect(tagSlugOf('Racing Livery')).toBe('racing-livery');
    expect(tagSlugOf('  Éclair  Bleu!! ')).toBe('eclair-bleu');
    expect(tagSlugOf('Team — Nordic   Wolves')).toBe('team-nordic-wolves');
  });

  it('default to the name’s in a new tag, and a given one must be well formed', () => {
    expect(tagInput.parse({ name: 'Neon Glow', group: 'STYLE' })).toEqual({
      name: 'Neon Glow',
      slug: 'neon-glow',
      group: 'STYLE',
      position: 0,
    });
    expect(tagInput.parse({ name: 'Neon Glow', slug: 'glow', group: 'STYLE', position: 4 }).slug).toBe(
      'glow',
    );
    for (const slug of ['a', 'two--dashes', '-lead', 'space d', 'x'.repeat(31), 'ümlaut']) {
      const issue = messageOf(tagInput.safeParse({ name: 'Neon Glow', slug, group: 'STYLE' }));
      expect(issue, slug).toMatchObject({ message: tagMessages.slug, path: ['slug'] });
    }
    // A name of symbols only has no link name to give.
    expect(messageOf(tagInput.safeParse({ name: '★★', group: 'STYLE' }))).toMatchObject({ path: ['slug'] });
  });
});

describe('tag names, groups and positions', () => {
  it('need 2 to 30 visible characters, a known group and a position from 0 to 1000', () => {
    expect(messageOf(tagChange.safeParse({ name: ' x ', group: 'STYLE' }))?.message).toBe(
      tagMessages.nameLength,
    );
    expect(messageOf(tagChange.safeParse({ name: '\u200b\u200b\u200b', group: 'STYLE' }))?.message).toBe(
      tagMessages.nameLength,
    );
    expect(messageOf(tagChange.safeParse({ name: 'y'.repeat(31), group: 'STYLE' }))?.message).toBe(
      tagMessages.nameLength,
    );
    expect(messageOf(tagChange.safeParse({ name: 'Teal', group: 'MOOD' }))?.message).toBe(tagMessages.group);
    expect(messageOf(tagChange.safeParse({ name: 'Teal', group: 'COLOR', position: -1 }))?.message).toBe(
      tagMessages.position,
    );
    expect(messageOf(tagChange.safeParse({ name: 'Teal', group: 'COLOR', position: 1.5 }))?.message).toBe(
      tagMessages.position,
    );
    expect(tagChange.parse({ name: ' Teal ', group: 'COLOR', position: null })).toEqual({
      name: 'Teal',
      group: 'COLOR',
      position: 0,
    });
  });
});

describe('a skin’s tags', () => {
  it('are lowercase link names, each once, at most five; not sending them is not the same as none', () => {
    expect(skinTagSlugs.parse(['Neon', 'neon', 'red'])).toEqual(['neon', 'red']);
    expect(skinTagSlugs.parse(null)).toBeNull();
    expect(skinTagSlugs.parse(undefined)).toBeNull();
    expect(skinTagSlugs.parse([])).toEqual([]);
    const six = ['a1', 'b2', 'c3', 'd4', 'e5', 'f6'];
    expect(six.length).toBe(TAGS_PER_SKIN_MAX + 1);
    expect(messageOf(skinTagSlugs.safeParse(six))?.message).toBe(tagMessages.tooMany);
    expect(skinTagSlugs.parse([...six.slice(0, 5), 'a1'])).toHaveLength(5);
  });

  it('travel with the skin editor’s input, refused on the tags field', () => {
    const base = {
      title: 'Polar Circuit',
      type: 'TM2020',
      images: [{ id: 1, temporary: true, type: 'IMAGE', order: 0 }],
    };
    expect(skinInput.parse(base).tags).toBeNull();
    expect(skinInput.parse({ ...base, tags: ['Retro'] }).tags).toEqual(['retro']);
    const issue = messageOf(skinInput.safeParse({ ...base, tags: ['a1', 'b2', 'c3', 'd4', 'e5', 'f6'] }));
    expect(issue).toMatchObject({ message: tagMessages.tooMany, path: ['tags'] });
  });
});

describe('the list filter’s tags', () => {
  it('come repeated or comma separated, drop malformed ones, and keep each once, at most five', () => {
    expect(tagFilterOf(['neon,red', 'Neon', 'not valid!', ''])).toEqual(['neon', 'red']);
    expect(tagFilterOf(['a1,b2,c3,d4,e5,f6'])).toEqual(['a1', 'b2', 'c3', 'd4', 'e5']);
    expect(tagFilterOf([])).toEqual([]);
  });
});
