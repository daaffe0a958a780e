import { describe, expect, it } from 'vitest';
import { TERMS_GROUNDS, termsRules } from '../../../../../domain/moderation/terms-grounds';
import { termsSections } from './terms-of-service';

describe('the terms of service', () => {
  it('number their sections as the rules a moderation decision names count on (14.2 is in section 14)', () => {
    const numberOf = (id: string) => termsSections.findIndex((section) => section.id === id) + 1;
    for (const ground of TERMS_GROUNDS) {
      const rule = termsRules[ground];
      expect(rule.number.split('.')[0], ground).toBe(String(numberOf(rule.section)));
    }
  });
});
