import { describe, expect, it } from 'vitest';
import { staticPageMeta, withPageMeta } from './page-meta';

const INDEX =
  '<html><head><title>TrackSkins</title><meta name="description" content="default" /></head><body></body></html>';

describe('staticPageMeta', () => {
  it('describes the public pages and nothing else', () => {
    expect(staticPageMeta('/')?.description).toMatch(/Trackmania/);
    expect(staticPageMeta('/skins')?.title).toBe('Skins');
    expect(staticPageMeta('/privacy')?.description).toMatch(/personal data/);
    expect(staticPageMeta('/me')).toBeNull();
    expect(staticPageMeta('/skins/some-skin')).toBeNull();
    expect(staticPageMeta('/constructor')).toBeNull();
  });
});

describe('withPageMeta', () => {
  it("sets the page's title, one description and its canonical address", () => {
    const html = withPageMeta(
      INDEX,
      staticPageMeta('/faq')!,
      'https://site.example/faq',
      'https://site.example',
    );
    expect(html).toContain('<title>Frequently asked questions | TrackSkins</title>');
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
    expect(html).not.toContain('content="default"');
    expect(html).toContain('<link rel="canonical" href="https://site.example/faq" />');
  });

  it('preloads the lead picture when there is one', () => {
    const meta = { title: 'Red', description: 'x', image: 'a.jpg', type: 'website' as const };
    const url = 'https://site.example/skins/red';
    expect(
      withPageMeta(INDEX, { ...meta, leadImage: '/public/a-preview.webp' }, url, 'https://site.example'),
    ).toContain('<link rel="preload" as="image" href="/public/a-preview.webp" fetchpriority="high" />');
    expect(withPageMeta(INDEX, meta, url, 'https://site.example')).not.toContain('preload');
  });

  it('escapes what it puts in the head', () => {
    const html = withPageMeta(
      INDEX,
      { title: 'A "quoted" <skin>', description: 'x & y', image: null, type: 'website' },
      'https://site.example/skins/a?b=1&c=2',
      'https://site.example',
    );
    expect(html).toContain('<title>A &quot;quoted&quot; &lt;skin&gt; | TrackSkins</title>');
    expect(html).toContain('href="https://site.example/skins/a?b=1&amp;c=2"');
  });
});
