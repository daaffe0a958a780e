import { parseFeed } from '@rowanmanning/feed-parser';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { feedLinksOf, feedScopeOf, withFeedLinks } from './feed-links';
import { escapeHtml } from '../../domain/text/escape-html';
import { gameOfSlug, gameSlug, skinFeed, skinSummary, xmlSafe, type FeedSkin } from './skin-feeds';

const SITE = 'https://trackskins.example/';

const skin = (n: number, overrides: Partial<FeedSkin> = {}): FeedSkin => ({
  id: n,
  url: `livery-${n}`,
  title: `Livery ${n}`,
  description: 'Carbon stripes',
  game: 'TM2020',
  priceCents: 1250,
  createdAt: new Date(Date.UTC(2026, 5, n, 10)),
  modifiedAt: new Date(Date.UTC(2026, 5, n, 12)),
  authorUsername: 'skin_maker',
  authorUrl: 'skin_maker',
  thumbnail: { filename: `skin-${n}.jpg`, width: 1920, height: 1080 },
  ...overrides,
});

// Hostile text in every field a person types: markup, entities, a CDATA end, quotes, control characters.
const hostile = skin(3, {
  url: 'a&b<c>',
  title: 'Red & <b>Bold</b> ]]> "quoted" \u0007',
  description: '<script>alert(1)</script> & ]]> \u0000',
  authorUsername: 'bob & <co>',
  priceCents: 0,
});

const xmlParser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', parseTagValue: false });
const xmlOf = (xml: string) => xmlParser.parse(xml);

/** RFC 822 dates as RSS 2.0 wants them (with a four-digit year, as RFC 1123 and every reader take). */
const RFC_822 =
  /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} GMT$/;
/** RFC 3339 date-times as Atom wants them. */
const RFC_3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

describe('skin feeds', () => {
  const skins = [hostile, skin(2), skin(1)];

  it('RSS 2.0: a well-formed channel with the required elements, each item with a guid, date and author', () => {
    const { xml } = skinFeed('rss', { kind: 'game', game: 'TM2020' }, skins, SITE);
    expect(XMLValidator.validate(xml)).toBe(true);
    const { rss } = xmlOf(xml);
    expect(rss['@version']).toBe('2.0');
    const channel = rss.channel;
    for (const required of ['title', 'link', 'description']) expect(channel[required]).toBeTruthy();
    expect(channel.link).toBe('https://trackskins.example/skins?t=TM2020');
    expect(channel['atom:link']['@href']).toBe('https://trackskins.example/feeds/skins/tm2020.rss');
    expect(channel['atom:link']['@rel']).toBe('self');
    expect(channel.lastBuildDate).toMatch(RFC_822);
    expect(channel.item).toHaveLength(3);
    for (const item of channel.item) {
      expect(item.pubDate).toMatch(RFC_822);
      expect(item.guid['#text'] ?? item.guid).toMatch(/^https:\/\/trackskins\.example\/skins\//);
      expect(item['dc:creator']).toBeTruthy();
      // RSS's own author element must be an email address: the author goes as dc:creator instead.
      expect(item.author).toBeUndefined();
      expect(item.enclosure['@type']).toBe('image/webp');
      expect(item.enclosure['@length']).toBe('0');
    }
  });

  it('Atom 1.0: a well-formed feed with id, title, updated, self link, and entries with id, author, dates', () => {
    const { xml } = skinFeed('atom', { kind: 'all' }, skins, SITE);
    expect(XMLValidator.validate(xml)).toBe(true);
    const { feed } = xmlOf(xml);
    expect(feed['@xmlns']).toBe('http://www.w3.org/2005/Atom');
    expect(feed.id).toBe('https://trackskins.example/feeds/skins.atom');
    expect(feed.title).toBeTruthy();
    expect(feed.updated).toMatch(RFC_3339);
    const links = [feed.link].flat();
    expect(links.find((link: Record<string, string>) => link['@rel'] === 'self')['@href']).toBe(
      'https://trackskins.example/feeds/skins.atom',
    );
    expect(feed.entry).toHaveLength(3);
    for (const entry of feed.entry) {
      expect(entry.id).toMatch(/^https:\/\/trackskins\.example\/skins\//);
      expect(entry.updated).toMatch(RFC_3339);
      expect(entry.published).toMatch(RFC_3339);
      expect(entry.author.name).toBeTruthy();
      expect(entry.title['@type']).toBe('html');
    }
  });

  it('escapes what people type, so a feed parser reads back exactly the text, in both formats', () => {
    for (const format of ['rss', 'atom'] as const) {
      const { xml } = skinFeed(format, { kind: 'all' }, skins, SITE);
      expect(XMLValidator.validate(xml)).toBe(true);
      expect(xml).not.toContain('<script>');
      const parsed = parseFeed(xml);
      const [first] = parsed.items;
      expect(first!.title).toBe('Red & <b>Bold</b> ]]> "quoted"');
      expect(first!.url).toBe('https://trackskins.example/skins/a%26b%3Cc%3E');
      expect(first!.authors[0]!.name).toBe('bob & <co>');
      // The summary is escaped HTML: a reader shows the markup as text, never runs it.
      expect(xml).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(first!.description).toBe('Free · Trackmania (2020) · <script>alert(1)</script> & ]]>');
      expect(first!.content).toContain('<img src="https://trackskins.example/public/skin-3-card.webp"');
    }
  });

  it('a feed parser reads title, links, dates and the newest first', () => {
    for (const format of ['rss', 'atom'] as const) {
      const parsed = parseFeed(skinFeed(format, { kind: 'game', game: 'TM_TURBO' }, skins, SITE).xml);
      expect(parsed.title).toBe('TrackSkins: new skins for Trackmania Turbo');
      expect(parsed.url).toBe('https://trackskins.example/skins?t=TM_TURBO');
      expect(parsed.self).toBe(`https://trackskins.example/feeds/skins/tm-turbo.${format}`);
      expect(parsed.items.map((item) => item.published?.toISOString())).toEqual([
        '2026-06-03T10:00:00.000Z',
        '2026-06-02T10:00:00.000Z',
        '2026-06-01T10:00:00.000Z',
      ]);
      expect(parsed.items[1]!.url).toBe('https://trackskins.example/skins/livery-2');
      expect(parsed.items[1]!.media[0]?.url).toBe('https://trackskins.example/public/skin-2-card.webp');
    }
  });

  it('an empty feed is still valid, dated by the author account or the epoch', () => {
    const since = new Date('2026-01-05T00:00:00Z');
    const author = {
      kind: 'author' as const,
      id: 1,
      url: 'new & shy',
      username: 'new & shy',
      description: null,
      since,
    };
    const atom = skinFeed('atom', author, [], SITE);
    expect(XMLValidator.validate(atom.xml)).toBe(true);
    expect(atom.updated).toEqual(since);
    expect(parseFeed(atom.xml).self).toBe('https://trackskins.example/feeds/authors/new%20%26%20shy.atom');
    expect(XMLValidator.validate(skinFeed('rss', { kind: 'all' }, [], SITE).xml)).toBe(true);
  });
});

describe('feed text', () => {
  it('escapes the HTML special characters and drops characters XML cannot hold', () => {
    expect(escapeHtml(`<a href="x">Tom & Jerry's</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;',
    );
    expect(xmlSafe('a\u0000b\u0007c\td\ne\uFFFEf😀')).toBe('abc\td\nef😀');
  });

  it('summarises price, game and description', () => {
    expect(skinSummary({ priceCents: 1250, game: 'TMNF', description: ' Blue ' })).toBe(
      '12,50\u00a0€ · Nations & United Forever · Blue',
    );
    expect(skinSummary({ priceCents: 0, game: 'TM2', description: '' })).toBe('Free · Trackmania²');
  });

  it('names games in addresses in lower case, and reads them back in any case', () => {
    expect(gameSlug('TM_TURBO')).toBe('tm-turbo');
    expect(gameOfSlug('tm-turbo')).toBe('TM_TURBO');
    expect(gameOfSlug('TM2020')).toBe('TM2020');
    expect(gameOfSlug('constructor')).toBeNull();
    expect(gameOfSlug('tm3000')).toBeNull();
  });
});

describe('feed links in page heads', () => {
  const scope = (path: string, query = '', authorFound = false) =>
    feedScopeOf(path, new URLSearchParams(query), authorFound);

  it('offers every game on the homepage, the shown game on the skins list, the author on an author page', () => {
    expect(scope('/')).toEqual({ kind: 'all' });
    expect(scope('/skins')).toEqual({ kind: 'game', game: 'TM2020' });
    expect(scope('/skins', 't=all')).toEqual({ kind: 'all' });
    expect(scope('/skins', 't=TMNF&o=latest')).toEqual({ kind: 'game', game: 'TMNF' });
    expect(scope('/authors/skin_maker', '', true)).toMatchObject({ kind: 'author', url: 'skin_maker' });
    expect(scope('/authors/nobody', '', false)).toBeNull();
    expect(scope('/bundles')).toBeNull();
  });

  it('writes an RSS and an Atom link, escaped', () => {
    const links = feedLinksOf(
      { kind: 'author', id: 1, url: 'a"b', username: 'a"b', description: null, since: new Date(0) },
      SITE,
      'A "quoted" <name>',
    );
    expect(links.map((link) => link.type)).toEqual(['application/rss+xml', 'application/atom+xml']);
    const html = withFeedLinks('<html><head><title>x</title></head><body></body></html>', links);
    expect(html).toContain(
      '<link rel="alternate" type="application/rss+xml" title="TrackSkins: new skins by A &quot;quoted&quot; &lt;name&gt; (RSS)" href="https://trackskins.example/feeds/authors/a%22b.rss" />',
    );
    expect(html.indexOf('application/atom+xml')).toBeLessThan(html.indexOf('</head>'));
  });
});
