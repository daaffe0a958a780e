import { describe, expect, it } from 'vitest';
import { autoplayUrl, videoEmbedOf } from './video-embed';

describe('videoEmbedOf', () => {
  it('embeds YouTube links through youtube-nocookie.com', () => {
    const expected = 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?rel=0';
    for (const link of [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://youtube.com/watch?v=dQw4w9WgXcQ&list=abc',
      'https://m.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://youtu.be/dQw4w9WgXcQ',
      'youtu.be/dQw4w9WgXcQ',
      'https://www.youtube.com/embed/dQw4w9WgXcQ',
      'https://www.youtube.com/shorts/dQw4w9WgXcQ',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    ]) {
      expect(videoEmbedOf(link)?.embedUrl, link).toBe(expected);
    }
  });

  it('keeps a start time', () => {
    expect(videoEmbedOf('https://youtu.be/dQw4w9WgXcQ?t=90')?.embedUrl).toBe(
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?rel=0&start=90',
    );
    expect(videoEmbedOf('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=1m30s')?.embedUrl).toContain(
      'start=90',
    );
  });

  it('embeds Vimeo links with do-not-track', () => {
    expect(videoEmbedOf('https://vimeo.com/76979871')?.embedUrl).toBe(
      'https://player.vimeo.com/video/76979871?dnt=1',
    );
    expect(videoEmbedOf('https://vimeo.com/76979871/abc123def')?.embedUrl).toBe(
      'https://player.vimeo.com/video/76979871?dnt=1&h=abc123def',
    );
    expect(videoEmbedOf('https://player.vimeo.com/video/76979871')?.provider).toBe('Vimeo');
  });

  it('gives nothing for other links', () => {
    for (const link of [
      null,
      '',
      'not a link',
      'https://example.com/watch?v=dQw4w9WgXcQ',
      'https://www.youtube.com/watch?v=short',
      'https://www.youtube.com/channel/UC123',
      'javascript:alert(1)',
      'https://vimeo.com/about',
    ]) {
      expect(videoEmbedOf(link), String(link)).toBeNull();
    }
  });

  it('adds autoplay once the visitor presses play', () => {
    const embed = videoEmbedOf('https://youtu.be/dQw4w9WgXcQ');
    expect(embed && autoplayUrl(embed)).toBe(
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?rel=0&autoplay=1',
    );
  });
});
