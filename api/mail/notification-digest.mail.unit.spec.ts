import { describe, expect, it } from 'vitest';
import { notificationDigestMail } from './notification-digest.mail';

const siteUrl = 'https://trackskins.example';
const item = (n: number) => ({
  kind: 'NEW_ITEM',
  message: `New skin from racer: Neon <${n}>`,
  link: `/skins/neon-${n}`,
  createdAt: '2026-11-25T10:00:00.000Z',
});

describe('the notification digest mail', () => {
  const mail = notificationDigestMail({
    to: 'player@example.com',
    siteUrl,
    unsubscribeToken: '7.digest.1790000000.abc_DEF-123',
    payload: {
      userId: 7,
      username: 'player',
      frequency: 'WEEKLY',
      items: [item(1), item(2)],
      more: 5,
      upToPosition: 99,
    },
  });

  it('lists each notification with its absolute link, and counts the rest', () => {
    expect(mail.to).toBe('player@example.com');
    expect(mail.subject).toBe('TrackSkins: your weekly digest, 7 new notifications');
    expect(mail.text).toContain('- New skin from racer: Neon <1>\n  https://trackskins.example/skins/neon-1');
    expect(mail.text).toContain('…and 5 more: https://trackskins.example/me/notifications');
    expect(mail.html).toContain('href="https://trackskins.example/skins/neon-2"');
    // Names are escaped in the HTML.
    expect(mail.html).toContain('Neon &lt;2&gt;');
    expect(mail.html).not.toContain('Neon <2>');
    expect(mail.html).toContain('5 more</a>');
  });

  it('carries the one-click unsubscribe link in the body and in the RFC 8058 headers', () => {
    const url =
      'https://trackskins.example/api/notifications/unsubscribe?token=7.digest.1790000000.abc_DEF-123';
    expect(mail.text).toContain(`Unsubscribe with one click: ${url}`);
    expect(mail.html).toContain(`href="${url}"`);
    expect(mail.headers).toEqual({
      'List-Unsubscribe': `<${url}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });

  it('says daily for a daily digest, one notification in the singular, and links all when none are left out', () => {
    const daily = notificationDigestMail({
      to: 'a@example.com',
      siteUrl,
      unsubscribeToken: 't',
      payload: { userId: 1, username: 'a', frequency: 'DAILY', items: [item(3)], more: 0, upToPosition: 3 },
    });
    expect(daily.subject).toBe('TrackSkins: your daily digest, 1 new notification');
    expect(daily.text).toContain('since yesterday');
    expect(daily.text).toContain('All of them: https://trackskins.example/me/notifications');
    expect(daily.text).not.toContain('more');
  });

  it('never links off the site: a link that is not site-relative goes to the notifications page', () => {
    const odd = notificationDigestMail({
      to: 'a@example.com',
      siteUrl,
      unsubscribeToken: 't',
      payload: {
        userId: 1,
        username: 'a',
        frequency: 'DAILY',
        items: [{ ...item(4), link: '//evil.example/x' }],
        more: 0,
        upToPosition: 4,
      },
    });
    expect(odd.text).toContain('\n  https://trackskins.example/me/notifications');
    expect(odd.html).not.toContain('evil.example');
  });
});
