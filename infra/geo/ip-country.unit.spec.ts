import { beforeAll, describe, expect, it } from 'vitest';
import { isPublicAddress, openIpCountryLookup, type IpCountryLookup } from './ip-country';

let ipCountry: IpCountryLookup;
beforeAll(async () => {
  ipCountry = await openIpCountryLookup();
});

describe('ipCountry (the shipped offline database)', () => {
  it('locates public addresses the database knows, IPv4, IPv6 and IPv4 mapped into IPv6', () => {
    expect(ipCountry('193.99.144.80')).toBe('de'); // heise.de
    expect(ipCountry('77.75.77.39')).toBe('cz'); // seznam.cz
    expect(ipCountry('8.8.8.8')).toBe('us');
    expect(ipCountry('::ffff:193.99.144.80')).toBe('de');
    expect(ipCountry('2a00:1450:4001::1')).toMatch(/^[a-z]{2}$/);
  });

  it('tells nothing for loopback, private, shared, documentation ranges, garbage or nothing', () => {
    for (const ip of [
      '127.0.0.1',
      '::1',
      '10.1.2.3',
      '172.16.5.4',
      '192.168.1.1', // the database wrongly puts part of this range in a country
      '100.64.0.1',
      '169.254.1.1',
      '203.0.113.9',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      'not an address',
      '',
      null,
      undefined,
    ]) {
      expect(ipCountry(ip), String(ip)).toBeNull();
    }
  });

  it('knows which addresses are public', () => {
    expect(isPublicAddress('193.99.144.80')).toBe(true);
    expect(isPublicAddress('192.168.0.10')).toBe(false);
    expect(isPublicAddress('2001:db8::1')).toBe(false);
  });
});
