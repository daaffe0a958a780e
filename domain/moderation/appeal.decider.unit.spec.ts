import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors';
import { deciderSpec, refused } from '../testing/decider-spec';
import {
  appealDecider,
  appealStreamId,
  appealText,
  type AppealCommand,
  type AppealEvent,
} from './appeal.decider';
import { statementNotification } from './statement-notices';
import { groundText, ruleAnchor, termsRules, TERMS_GROUNDS } from './terms-grounds';

const { given } = deciderSpec(appealDecider);
const issuedAt = '2026-05-01T10:00:00.000Z';
const now = '2026-05-03T10:00:00.000Z';
const facts = { statementId: 41, affectedUserId: 7, issuedAt, now };
const appeal = (appellantId = 7, at = now): AppealCommand => ({
  ...facts,
  now: at,
  kind: 'appeal',
  appellantId,
  text: 'The artwork is mine, see my sketches.',
});
const appealed: AppealEvent = {
  type: 'DecisionAppealed',
  data: { statementId: 41, userId: 7, text: 'The artwork is mine, see my sketches.', appealedAt: now },
};
const answer = (outcome: 'UPHELD' | 'REVERSED'): AppealCommand => ({
  ...facts,
  kind: 'decide',
  outcome,
  reason: 'The sketches prove it.',
});
const decided: AppealEvent = {
  type: 'AppealDecided',
  data: { statementId: 41, userId: 7, outcome: 'REVERSED', reason: 'The sketches prove it.', decidedAt: now },
};

describe('appeal decider', () => {
  it('names one stream per statement', () => {
    expect(appealStreamId(41)).toBe('statement-41');
  });

  it('takes one appeal from the person the decision concerns', () => {
    given([]).when(appeal()).then([appealed]);
    given([appealed])
      .when(appeal())
      .then(refused(DomainError, { code: 'CONFLICT' }));
    given([])
      .when(appeal(8))
      .then(refused(DomainError, { code: 'FORBIDDEN' }));
  });

  it('takes an appeal for six months after the decision, not later', () => {
    given([])
      .when(appeal(7, '2026-10-30T10:00:00.000Z'))
      .then([{ ...appealed, data: { ...appealed.data, appealedAt: '2026-10-30T10:00:00.000Z' } }]);
    given([])
      .when(appeal(7, '2026-11-02T10:00:00.000Z'))
      .then(refused(DomainError, { code: 'BAD_USER_INPUT', field: 'text' }));
  });

  it('answers an appeal once, and only an appeal that was made', () => {
    given([appealed]).when(answer('REVERSED')).then([decided]);
    given([appealed])
      .when(answer('UPHELD'))
      .then([{ ...decided, data: { ...decided.data, outcome: 'UPHELD' } }]);
    given([])
      .when(answer('UPHELD'))
      .then(refused(DomainError, { code: 'CONFLICT' }));
    given([appealed, decided])
      .when(answer('UPHELD'))
      .then(refused(DomainError, { code: 'CONFLICT' }));
  });

  it('wants an appeal of 10 to 2,000 characters of plain text', () => {
    expect(appealText.safeParse('too short').success).toBe(false);
    expect(appealText.safeParse('x'.repeat(2001)).success).toBe(false);
    expect(appealText.parse('  This is mine, really.  ')).toBe('This is mine, really.');
  });
});

describe('statements of reasons', () => {
  it('name a numbered rule of the terms for every ground', () => {
    for (const ground of TERMS_GROUNDS) {
      expect(termsRules[ground].number).toMatch(/^\d+\.\d+$/);
      expect(groundText(ground)).toContain(termsRules[ground].number);
    }
    expect(ruleAnchor('NO_RIGHTS')).toBe('rule-14-2');
  });

  it('tell the person what was decided, under which rule, and where to appeal', () => {
    expect(
      statementNotification({
        statementId: 41,
        userId: 7,
        kind: 'TAKEDOWN',
        itemType: 'SKIN',
        itemLabel: 'Neon Drift',
        ground: 'NO_RIGHTS',
      }),
    ).toEqual({
      userId: 7,
      kind: 'STATEMENT_OF_REASONS',
      itemType: null,
      itemId: null,
      message:
        'Your skin “Neon Drift” was taken down under rule 14.2 of the terms. Read why and how to appeal.',
      link: '/me/statements#statement-41',
    });
  });
});
