import { describe, expect, it } from 'vitest';
import { socialLinkOf, socialLinksOf } from './social-links';

describe('socialLinkOf', () => {
  it('turns handles into profile addresses', () => {
    expect(socialLinkOf('twitter', 'norrsken_tm')).toEqual({
      network: 'twitter',
      label: '@norrsken_tm',
      href: 'https://x.com/norrsken_tm',
    });
    expect(socialLinkOf('instagram', '@hanabi.ghost')?.href).toBe('https://www.instagram.com/hanabi.ghost');
    expect(socialLinkOf('twitch', 'norrsken')?.href).toBe('https://www.twitch.tv/norrsken');
    expect(socialLinkOf('facebook', 'mirek.apex')).toMatchObject({
      label: 'mirek.apex',
      href: 'https://www.facebook.com/mirek.apex',
    });
  });

  it("keeps full links to the network's own site", () => {
    expect(socialLinkOf('twitter', 'https://twitter.com/someone')?.href).toBe('https://twitter.com/someone');
    expect(socialLinkOf('facebook', 'www.facebook.com/pages/x')?.href).toBe(
      'https://www.facebook.com/pages/x',
    );
    expect(socialLinkOf('discord', 'https://discord.gg/abc123')).toMatchObject({
      label: 'discord.gg/abc123',
      href: 'https://discord.gg/abc123',
    });
  });

  it('refuses links elsewhere and other schemes', () => {
    expect(socialLinkOf('twitter', 'https://evil.example/twitter.com')).toBeNull();
    expect(socialLinkOf('instagram', 'javascript:alert(1)')).toBeNull();
    expect(socialLinkOf('website', 'javascript:alert(1)')).toBeNull();
    expect(socialLinkOf('website', 'data:text/html,hi')).toBeNull();
    expect(socialLinkOf('twitch', 'not a handle')).toBeNull();
  });

  it('shows a Discord username without a link', () => {
    expect(socialLinkOf('discord', 'mirek_apex')).toEqual({
      network: 'discord',
      label: 'mirek_apex',
      href: null,
    });
  });

  it('links a website given with https', () => {
    expect(socialLinkOf('website', 'https://schnellwerk.example')).toEqual({
      network: 'website',
      label: 'schnellwerk.example',
      href: 'https://schnellwerk.example/',
    });
    expect(socialLinkOf('website', 'vandijklines.example/about')?.href).toBe(
      'https://vandijklines.example/about',
    );
  });

  it('leaves out empty fields', () => {
    expect(socialLinkOf('twitter', null)).toBeNull();
    expect(socialLinkOf('twitter', '   ')).toBeNull();
  });
});

describe('socialLinksOf', () => {
  it('lists only the filled fields, in a fixed order', () => {
    const links = socialLinksOf({ website: 'https://a.example', twitch: 'x1', twitter: null, discord: 'd' });
    expect(links.map((link) => link.network)).toEqual(['twitch', 'discord', 'website']);
  });
});
