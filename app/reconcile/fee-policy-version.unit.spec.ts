import { describe, expect, it } from 'vitest';
import { DEFAULT_FEE_POLICY, feePolicy } from '../../domain/fees';
import { feePolicyCache, feePolicyOfVersion } from './fee-policy-version';

describe('feePolicyOfVersion', () => {
  it('gives back the default policy and a configured PayPal policy from their versions', () => {
    expect(feePolicyOfVersion(DEFAULT_FEE_POLICY.version)).toEqual(DEFAULT_FEE_POLICY);
    const configured = feePolicy({ paypal: { rateBasisPoints: 290, fixedCents: 39 } });
    expect(feePolicyOfVersion(configured.version)).toEqual(configured);
  });

  it('knows both generations: past orders of generation 1 are priced again by its rules', () => {
    const past = feePolicyOfVersion('v1:site=2%,card=1.5%/3.25%+0.30,paypal=3.49%+0.35');
    expect(past).toEqual(feePolicy({ generation: 1 }));
    expect(past?.generation).toBe(1);
    expect(feePolicyOfVersion('v2:site=2%,card=1.5%/3.25%+0.30,paypal=2.9%+0.39')).toEqual(
      feePolicy({ generation: 2, paypal: { rateBasisPoints: 290, fixedCents: 39 } }),
    );
  });

  it('knows no version the code cannot produce', () => {
    for (const version of [
      'v4:site=2%,card=1.5%/3.25%+0.30,paypal=3.49%+0.35', // a generation the code does not know
      'v0:site=2%,card=1.5%/3.25%+0.30,paypal=3.49%+0.35',
      'v1:site=1%,card=1.5%/3.25%+0.30,paypal=3.49%+0.35', // a site rate the code does not use
      'v1:site=2%,card=1.5%/3.25%+0.25,paypal=3.49%+0.35', // another card fixed fee
      'v1:site=2%,card=1.5%/3.25%+0.30,paypal=25%+0.35', // a PayPal rate beyond the bounds
      'v1:site=2%,card=1.5%/3.25%+0.30,paypal=3.490%+0.35', // not the form the code writes
      'v1:site=2%,card=1.5%/3.25%+0.30,paypal=3.49%+0.35 ',
      '',
    ]) {
      expect(feePolicyOfVersion(version), version).toBeNull();
    }
  });

  it('caches by version, unknown ones too', () => {
    const policyOf = feePolicyCache();
    expect(policyOf(DEFAULT_FEE_POLICY.version)).toBe(policyOf(DEFAULT_FEE_POLICY.version));
    expect(policyOf('v9:nothing')).toBeNull();
  });
});
