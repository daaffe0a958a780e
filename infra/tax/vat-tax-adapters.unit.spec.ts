import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localVatIdChecker, viesVatIdChecker } from './vat-id-check';
import { rateOn, salesTaxRatesLookup } from './vat-rates';

describe('the rate table adapter', () => {
  const rates = salesTaxRatesLookup();
  const on = new Date('2026-03-01T00:00:00Z');

  it("names the installed package's version, read from its package.json", () => {
    const manifest = JSON.parse(
      readFileSync(createRequire(import.meta.url).resolve('sales-tax/package.json'), 'utf8'),
    ) as { version: string };
    expect(rates.version).toBe(`sales-tax@${manifest.version}`);
  });

  it("gives a member state's standard rate in basis points, and none outside the EU", () => {
    expect(rates.standardRateBasisPoints('de', on)).toBe(1900);
    expect(rates.standardRateBasisPoints('fr', on)).toBe(2000);
    expect(rates.standardRateBasisPoints('hu', on)).toBe(2700);
    expect(rates.standardRateBasisPoints('gr', on)).toBe(2400);
    // Rates raised in 2024-2025, with their decimals.
    expect(rates.standardRateBasisPoints('fi', on)).toBe(2550);
    expect(rates.standardRateBasisPoints('sk', on)).toBe(2300);
    expect(rates.standardRateBasisPoints('gb', on)).toBeNull();
    expect(rates.standardRateBasisPoints('us', on)).toBeNull();
  });

  it('gives the rate that applied on the day: before a change, the earlier one', () => {
    expect(rates.standardRateBasisPoints('fi', new Date('2024-08-15T12:00:00Z'))).toBe(2400);
    // Germany's second half of 2020: 16 %, with 19 % before and after.
    expect(rates.standardRateBasisPoints('de', new Date('2020-05-01T12:00:00Z'))).toBe(1900);
    expect(rates.standardRateBasisPoints('de', new Date('2020-09-01T12:00:00Z'))).toBe(1600);
    expect(rates.standardRateBasisPoints('de', new Date('2021-03-01T12:00:00Z'))).toBe(1900);
  });

  it('reads the rate table by its change instants', () => {
    const entry = {
      type: 'vat',
      rate: 0.24,
      before: {
        '2025-06-30T21:00:00.000Z': { type: 'vat', rate: 0.22 },
        '2023-12-31T22:00:00.000Z': { type: 'vat', rate: 0.2 },
      },
    };
    expect(rateOn(entry, new Date('2023-06-01T00:00:00Z'))).toBe(0.2);
    expect(rateOn(entry, new Date('2024-06-01T00:00:00Z'))).toBe(0.22);
    expect(rateOn(entry, new Date('2025-06-30T21:00:00.000Z'))).toBe(0.24);
  });
});

describe('the VAT ID checks', () => {
  const at = () => new Date('2026-03-01T10:00:00Z');

  it('the local stand-in accepts a well-formed number except its documented test numbers', async () => {
    const check = localVatIdChecker(at);
    expect(await check('FR11123456782')).toMatchObject({
      status: 'VALID',
      source: 'LOCAL',
      checkedAt: at().toISOString(),
    });
    expect(await check('FR20987654326')).toMatchObject({ status: 'INVALID', source: 'LOCAL' });
    expect(await check('ES12345678Z')).toMatchObject({ status: 'UNAVAILABLE' });
  });

  // A server on this machine answers as VIES's REST service does.
  let url = '';
  const asked: unknown[] = [];
  const server = createServer(async (request: IncomingMessage, response) => {
    let body = '';
    for await (const chunk of request) body += String(chunk);
    const question = JSON.parse(body) as { countryCode: string; vatNumber: string };
    asked.push({ path: request.url, ...question });
    response.setHeader('content-type', 'application/json');
    if (question.vatNumber === '999999999') {
      response.end(JSON.stringify({ valid: false, userError: 'MS_UNAVAILABLE' }));
    } else if (question.vatNumber === '500') {
      response.statusCode = 500;
      response.end('{}');
    } else {
      const valid = question.vatNumber === '11123456782';
      response.end(
        JSON.stringify({
          valid,
          requestIdentifier: valid ? 'WAPIAAAAW1234' : '',
          userError: valid ? 'VALID' : 'INVALID',
        }),
      );
    }
  });
  beforeAll(async () => {
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/rest-api`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("asks VIES with the operator's VAT ID as requester and keeps its consultation number", async () => {
    const check = viesVatIdChecker({ baseUrl: url, requesterVatId: 'CZ12345679', now: at });
    expect(await check('FR11123456782')).toEqual({
      status: 'VALID',
      source: 'VIES',
      requestIdentifier: 'WAPIAAAAW1234',
      checkedAt: at().toISOString(),
    });
    expect(asked.at(-1)).toEqual({
      path: '/rest-api/check-vat-number',
      countryCode: 'FR',
      vatNumber: '11123456782',
      requesterMemberStateCode: 'CZ',
      requesterNumber: '12345679',
    });
    expect(await check('FR20987654326')).toMatchObject({ status: 'INVALID', requestIdentifier: null });
  });

  it("a member state's system down, an error answer or no answer at all is UNAVAILABLE, never valid", async () => {
    const check = viesVatIdChecker({ baseUrl: url, requesterVatId: null, now: at, timeoutMs: 2_000 });
    expect(await check('FR999999999')).toMatchObject({ status: 'UNAVAILABLE' });
    expect(await check('FR500')).toMatchObject({ status: 'UNAVAILABLE' });
    const nowhere = viesVatIdChecker({
      baseUrl: 'http://127.0.0.1:9/rest-api',
      requesterVatId: null,
      timeoutMs: 2_000,
    });
    expect(await nowhere('FR11123456782')).toMatchObject({ status: 'UNAVAILABLE' });
  });
});
