import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { BlockList, isIP } from 'node:net';
import { Reader, type Response } from 'mmdb-lib';
import { isCountryCode } from '../../domain/accounts/countries';

/**
 * IP address → country, offline: the GeoFeed + WHOIS + ASN country database of ip-location-db
 * (`@ip-location-db/geo-whois-asn-country-mmdb`, CC0-1.0 as packaged; its WHOIS and ASN data come
 * from the five regional internet registries through the NRO under CC BY 4.0, attributed in
 * README.md), read with `mmdb-lib`. No network at run time: the file ships in the npm package and is
 * refreshed by updating the package.
 *
 * A lookup answers a lowercase ISO 3166-1 alpha-2 code, or null when the address tells nothing: not
 * an address, loopback, private, link-local, shared (CGNAT), documentation or other special-use
 * ranges (checked here, because the database puts some of them in a country), or not in the database.
 * Reused wherever the app needs a visitor's country as evidence (the checkout's and sign-up's
 * preselected country; VAT location evidence).
 */
export type IpCountryLookup = (ip: string | null | undefined) => string | null;

const require = createRequire(import.meta.url);
/** The IPv4 and IPv6 database in one file. */
export const IP_COUNTRY_DATABASE =
  require.resolve('@ip-location-db/geo-whois-asn-country-mmdb/geo-whois-asn-country.mmdb');

/** Addresses that never locate a visitor (RFC 6890 and its successors). */
const SPECIAL_USE = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  SPECIAL_USE.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  SPECIAL_USE.addSubnet(network, prefix, 'ipv6');
}

/** `::ffff:203.0.113.9` (how a dual-stack server sees IPv4 clients) → `203.0.113.9`. */
function unmapped(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  return mapped?.[1] ?? ip;
}

/** Whether an address could locate a visitor: a valid public unicast address. */
export function isPublicAddress(ip: string): boolean {
  const family = isIP(ip);
  if (family === 0) return false;
  return !SPECIAL_USE.check(ip, family === 4 ? 'ipv4' : 'ipv6');
}

/** A lookup over a database read into memory (about 8 MB). */
export function ipCountryLookupOf(database: Buffer): IpCountryLookup {
  // The file's records are `{ country_code: 'DE' }`, not one of MaxMind's own response shapes.
  const reader = new Reader<Response>(database);
  return (ip) => {
    if (!ip) return null;
    const address = unmapped(ip.trim());
    if (!isPublicAddress(address)) return null;
    const record = reader.get(address) as { country_code?: unknown } | null;
    const code = typeof record?.country_code === 'string' ? record.country_code.toLowerCase() : null;
    return code !== null && isCountryCode(code) ? code : null;
  };
}

/** Reads the shipped database once and answers lookups from memory. */
export async function openIpCountryLookup(file: string = IP_COUNTRY_DATABASE): Promise<IpCountryLookup> {
  return ipCountryLookupOf(await readFile(file));
}
