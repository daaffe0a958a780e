import { describe, expect, it } from 'vitest';
import {
  apiTokenHash,
  isWellFormedApiToken,
  looksLikeApiToken,
  newApiTokenSecret,
} from './api-token-secrets';

describe('newApiTokenSecret', () => {
  it('makes a recognisable 256-bit token whose hash alone is kept', () => {
    const a = newApiTokenSecret();
    const b = newApiTokenSecret();
    expect(a.token).not.toBe(b.token);
    expect(isWellFormedApiToken(a.token)).toBe(true);
    expect(Buffer.from(a.token.slice(4), 'base64url')).toHaveLength(32);
    expect(a.hash).toBe(apiTokenHash(a.token));
    expect(a.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(a.prefix).toBe(a.token.slice(0, 12));
    expect(looksLikeApiToken(a.token)).toBe(true);
    expect(looksLikeApiToken('eyJhbGciOi.x.y')).toBe(false);
  });
});
