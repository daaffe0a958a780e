import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';

/*
 * Webhooks must not become a way into the site's own network (server-side request forgery): only
 * public unicast addresses may be sent to. ipaddr.js names the range of an address; everything but
 * `unicast` (private, loopback, link-local, unique-local, carrier-grade NAT, multicast, reserved,
 * documentation, the IPv4 ranges mapped or translated into IPv6, ...) is refused. Outside
 * production, the literal address 127.0.0.1 is let through when the caller allows it (local
 * receivers and tests); a name that resolves to it (`localhost`) never is.
 */

export type AddressPolicy = { allowLoopback: boolean };

export class RefusedAddressError extends Error {
  readonly code = 'REFUSED_ADDRESS';
  constructor(message: string) {
    super(message);
    this.name = 'RefusedAddressError';
  }
}

/** Whether `address` (an IPv4 or IPv6 literal) may be sent to. */
export function isAllowedAddress(address: string, policy: AddressPolicy): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  // ::ffff:10.0.0.1 is 10.0.0.1: judge the IPv4 address inside.
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress())
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  const range = parsed.range();
  if (range === 'unicast') return true;
  return policy.allowLoopback && parsed.kind() === 'ipv4' && parsed.toString() === '127.0.0.1';
}

/** A host name or address literal resolved; every address must be allowed, or it is refused. */
export async function resolvePublicAddresses(
  hostname: string,
  policy: AddressPolicy,
): Promise<{ address: string; family: 4 | 6 }[]> {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  if (ipaddr.isValid(bare)) {
    if (!isAllowedAddress(bare, policy))
      throw new RefusedAddressError(`${bare} is a private, local or reserved address.`);
    return [{ address: bare, family: bare.includes(':') ? 6 : 4 }];
  }
  let found: { address: string; family: number }[];
  try {
    found = await lookup(bare, { all: true, verbatim: true });
  } catch (error) {
    throw new RefusedAddressError(
      `The host ${bare} could not be resolved (${(error as NodeJS.ErrnoException).code ?? 'DNS error'}).`,
    );
  }
  if (found.length === 0) throw new RefusedAddressError(`The host ${bare} has no address.`);
  const refused = found.find((entry) => !isAllowedAddress(entry.address, { allowLoopback: false }));
  if (refused)
    throw new RefusedAddressError(
      `The host ${bare} resolves to ${refused.address}, a private, local or reserved address.`,
    );
  return found.map((entry) => ({ address: entry.address, family: entry.family === 6 ? 6 : 4 }));
}
