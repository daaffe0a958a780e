import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';

// 193.99.144.80 is a public address the shipped database places in Germany (heise.de's network);
// 77.75.77.39 one it places in the Czech Republic (seznam.cz's).
const GERMAN_ADDRESS = '193.99.144.80';
const CZECH_ADDRESS = '77.75.77.39';

let behindProxy: TestApp;
let direct: TestApp;

beforeAll(async () => {
  [behindProxy, direct] = await Promise.all([
    createTestApp({ config: { trustProxy: true, logLevel: 'error' } }),
    createTestApp({ config: { trustProxy: false, logLevel: 'error' } }),
  ]);
});
afterAll(async () => {
  await Promise.all([behindProxy?.close(), direct?.close()]);
});

const suggestion = async (app: TestApp, headers: Record<string, string>, remoteAddress = '127.0.0.1') => {
  const response = await app.server.inject({
    method: 'GET',
    url: '/api/country-suggestion',
    headers,
    remoteAddress,
  });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['cache-control']).toBe('private, no-store');
  return response.json() as { country: string; source: string };
};

describe('GET /api/country-suggestion', () => {
  it('with TRUST_PROXY, suggests the country of the forwarded public address, before the language', async () => {
    expect(
      await suggestion(behindProxy, { 'x-forwarded-for': GERMAN_ADDRESS, 'accept-language': 'fr-FR' }),
    ).toEqual({ country: 'de', source: 'IP' });
    // The client is the first address of the chain (the proxies add theirs after it).
    expect(await suggestion(behindProxy, { 'x-forwarded-for': `${CZECH_ADDRESS}, 10.0.0.2` })).toEqual({
      country: 'cz',
      source: 'IP',
    });
  });

  it('a private or loopback address tells nothing: the browser language decides, else the Czech Republic', async () => {
    expect(
      await suggestion(behindProxy, {
        'x-forwarded-for': '192.168.1.20',
        'accept-language': 'de-DE,de;q=0.9',
      }),
    ).toEqual({ country: 'de', source: 'LANGUAGE' });
    expect(await suggestion(behindProxy, { 'accept-language': 'fr' })).toEqual({
      country: 'fr',
      source: 'LANGUAGE',
    });
    expect(await suggestion(behindProxy, { 'accept-language': 'en' })).toEqual({
      country: 'cz',
      source: 'DEFAULT',
    });
    expect(await suggestion(behindProxy, {})).toEqual({ country: 'cz', source: 'DEFAULT' });
  });

  it('without TRUST_PROXY a forwarded address is not believed: the socket address counts', async () => {
    expect(
      await suggestion(direct, { 'x-forwarded-for': GERMAN_ADDRESS, 'accept-language': 'fr-FR' }),
    ).toEqual({ country: 'fr', source: 'LANGUAGE' });
    expect(await suggestion(direct, { 'accept-language': 'fr-FR' }, GERMAN_ADDRESS)).toEqual({
      country: 'de',
      source: 'IP',
    });
  });
});
