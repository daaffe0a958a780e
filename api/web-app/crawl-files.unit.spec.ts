import { describe, expect, it } from 'vitest';
import { create } from 'xmlbuilder2';
import {
  PUBLIC_PAGES,
  robotsTxt,
  sitemapIndexXml,
  sitemapPart,
  sitemapXml,
  webAppManifest,
} from './crawl-files';

const SITE = 'https://trackskins.example';

describe('robotsTxt', () => {
  it('allows the site, shuts out private paths and names the sitemap by its absolute address', () => {
    const lines = robotsTxt(SITE).split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toContain('Disallow: /admin/');
    expect(lines).toContain('Disallow: /me$');
    expect(lines).toContain(`Sitemap: ${SITE}/sitemap.xml`);
    // Every line is a directive robots.txt parsers know, or blank.
    for (const line of lines)
      expect(line).toMatch(/^(?:$|User-agent: \*|Allow: \/|Disallow: \/\S*|Sitemap: https:\/\/\S+)$/);
  });
});

describe('sitemapXml', () => {
  it('lists absolute, escaped addresses with their last change', () => {
    const xml = sitemapXml(SITE, [
      { path: '/', lastModified: null },
      { path: '/skins/fast&red', lastModified: new Date('2026-03-04T05:06:07Z') },
    ]);
    const document = create(xml).end({ format: 'object' }) as {
      urlset: { url: { loc: string; lastmod?: string }[] };
    };
    expect(document.urlset.url).toEqual([
      { loc: `${SITE}/` },
      { loc: expect.stringMatching(/\/skins\/fast/), lastmod: '2026-03-04T05:06:07.000Z' },
    ]);
    expect(xml).toContain(`<loc>${SITE}/skins/fast&amp;red</loc>`);
  });

  it('names the parts of a sitemap index', () => {
    const xml = sitemapIndexXml(SITE, 3, new Date('2026-01-01T00:00:00Z'));
    const document = create(xml).end({ format: 'object' }) as {
      sitemapindex: { sitemap: { loc: string }[] };
    };
    expect(document.sitemapindex.sitemap.map((s) => s.loc)).toEqual([
      `${SITE}/sitemaps/1.xml`,
      `${SITE}/sitemaps/2.xml`,
      `${SITE}/sitemaps/3.xml`,
    ]);
  });
});

describe('sitemapPart', () => {
  it('puts the public pages first and splits the catalogue pages into parts of at most `max`', () => {
    const max = 20;
    const pages = PUBLIC_PAGES.length;
    expect(sitemapPart(1, max)).toEqual({
      publicPages: [...PUBLIC_PAGES],
      catalogueOffset: 0,
      catalogueLimit: max - pages,
    });
    expect(sitemapPart(2, max)).toEqual({
      publicPages: [],
      catalogueOffset: max - pages,
      catalogueLimit: max,
    });
    expect(sitemapPart(3, max)).toEqual({
      publicPages: [],
      catalogueOffset: 2 * max - pages,
      catalogueLimit: max,
    });
    // Parts smaller than the public pages still cover each page once.
    const small = [1, 2, 3, 4].map((part) => sitemapPart(part, 5));
    expect(small.flatMap((part) => part.publicPages)).toEqual([...PUBLIC_PAGES].slice(0, 20));
    expect(small[0]!.catalogueLimit).toBe(0);
  });
});

describe('webAppManifest', () => {
  it('makes the site installable: names, start page, standalone display and 192/512 icons', () => {
    const manifest = webAppManifest();
    expect(manifest).toMatchObject({ short_name: 'TrackSkins', start_url: '/', display: 'standalone' });
    expect(manifest.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
  });
});
