import { describe, expect, it } from 'vitest';
import { statementOfReasonsMail } from './statement-mail-templates';

const payload = {
  username: 'spammer',
  statementId: 77,
  kind: 'ACCOUNT_BLOCK' as const,
  itemType: 'ACCOUNT',
  itemLabel: 'spammer',
  itemUrl: null,
  facts: 'Spam links in every comment',
  groundRule: '14.5',
  groundText: 'No harassment or spam.',
  automated: false,
  issuedAt: '2026-05-01T10:00:00.000Z',
  appealUntil: '2026-10-31T10:00:00.000Z',
  appealByLink: true,
};
const base = { to: 'spammer@example.com', siteUrl: 'https://skins.example', contact: 'help@skins.example' };

describe('the statement of reasons mail', () => {
  it('gives a person who cannot sign in the appeal link instead of the statements page', () => {
    const appealUrl = 'https://skins.example/appeal?t=77.1793440000.mac';
    const mail = statementOfReasonsMail({ ...base, payload, appealUrl });
    expect(mail.text).toContain(`Your appeal: ${appealUrl}`);
    expect(mail.text).toContain('without signing in');
    expect(mail.text).not.toContain('help@skins.example');
    expect(mail.text).not.toContain('/me/statements');
    expect(mail.html).toContain(`href="${appealUrl}"`);
  });

  it('points anyone else to their statements page', () => {
    const mail = statementOfReasonsMail({
      ...base,
      payload: { ...payload, kind: 'TAKEDOWN', itemType: 'SKIN', appealByLink: false },
      appealUrl: null,
    });
    expect(mail.text).toContain('Your statement: https://skins.example/me/statements#statement-77');
    expect(mail.text).not.toContain('/appeal?t=');
  });
});
