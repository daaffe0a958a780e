import { describe, expect, it } from 'vitest';
import { isAllowedAddress, RefusedAddressError, resolvePublicAddresses } from './public-address';

const strict = { allowLoopback: false };

describe('public addresses', () => {
  it('allows public unicast addresses only', () => {
    for (const address of ['93.184.215.14', '1.1.1.1', '2606:4700:4700::1111']) {
      expect(isAllowedAddress(address, strict), address).toBe(true);
    }
    for (const address of [
      '10.0.0.1',
      '172.16.5.4',
      '192.168.0.1',
      '127.0.0.1',
      '127.8.8.8',
      '0.0.0.0',
      '169.254.169.254',
      '100.64.0.1',
      '224.0.0.1',
      '255.255.255.255',
      '192.0.2.1',
      '::1',
      '::',
      'fe80::1',
      'fd12:3456::1',
      '::ffff:10.0.0.1',
      '::ffff:127.0.0.1',
      '64:ff9b::a00:1',
      'not-an-address',
    ]) {
      expect(isAllowedAddress(address, strict), address).toBe(false);
    }
  });

  it('lets 127.0.0.1 through only when allowed, and no other loopback address', () => {
    expect(isAllowedAddress('127.0.0.1', { allowLoopback: true })).toBe(true);
    expect(isAllowedAddress('127.0.0.2', { allowLoopback: true })).toBe(false);
    expect(isAllowedAddress('::1', { allowLoopback: true })).toBe(false);
    expect(isAllowedAddress('10.0.0.1', { allowLoopback: true })).toBe(false);
  });

  it('refuses a name that resolves to a local address, even where 127.0.0.1 is allowed', async () => {
    await expect(resolvePublicAddresses('localhost', { allowLoopback: true })).rejects.toBeInstanceOf(
      RefusedAddressError,
    );
    await expect(resolvePublicAddresses('[::1]', { allowLoopback: true })).rejects.toBeInstanceOf(
      RefusedAddressError,
    );
    expect(await resolvePublicAddresses('127.0.0.1', { allowLoopback: true })).toEqual([
      { address: '127.0.0.1', family: 4 },
    ]);
  });
});
