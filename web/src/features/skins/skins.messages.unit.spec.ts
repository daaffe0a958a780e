import { describe, expect, it } from 'vitest';
import { SEARCH_MATCH_LIMIT } from '../../../../domain/catalog/search-limits';
import { skinsMessages } from './skins.messages';

describe('the skins list results line', () => {
  it('counts a search’s matches, and says "at least" once the search keeps only the newest', () => {
    expect(skinsMessages.resultsFor(1, 'neon')).toBe('1 skin matching “neon”');
    expect(skinsMessages.resultsFor(SEARCH_MATCH_LIMIT - 1, 'neon')).toBe(
      `${SEARCH_MATCH_LIMIT - 1} skins matching “neon”`,
    );
    expect(skinsMessages.resultsFor(SEARCH_MATCH_LIMIT, 'neon')).toBe(
      `At least ${SEARCH_MATCH_LIMIT} skins matching “neon”: the newest ${SEARCH_MATCH_LIMIT} are listed, more words narrow it down`,
    );
  });
});
