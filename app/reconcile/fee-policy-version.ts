import { FEE_RULES_GENERATIONS, feePolicy, type FeePolicy, type FeeRulesGeneration } from '../../domain/fees';
import { basisPointsOfPercent, eurosToCents } from '../../domain/money';

/**
 * `v2:site=2%,card=1.5%/3.25%+0.30,paypal=3.49%+0.35`: the generation, then every number. Only the
 * PayPal part is configurable; the rest is fixed by the code of the generation. Generation 1 (the
 * two parts of an item's payment fee rounded separately) and 2 (the whole fee allocated at once)
 * share every number.
 */
const VERSION =
  /^v(\d+):site=([\d.]+)%,card=([\d.]+)%\/([\d.]+)%\+(\d+\.\d\d),paypal=([\d.]+)%\+(\d+\.\d\d)$/;

/**
 * The fee policy an order recorded (`OrderPlaced.feePolicyVersion`), rebuilt so its fees can be
 * recomputed by the rules that priced it; null when the version is not one this code can produce:
 * a generation it does not know, site or card rates other than the code's, a PayPal part outside the configurable bounds,
 * or a malformed text. A known version is one `feePolicy()` gives back exactly, so a planted
 * version cannot make up its own rates.
 */
export function feePolicyOfVersion(version: string): FeePolicy | null {
  const match = VERSION.exec(version);
  if (!match) return null;
  const [, generationText = '', , , , , paypalPercent = '', paypalFixed = ''] = match;
  const generation = Number(generationText);
  if (!isGeneration(generation)) return null;
  let policy: FeePolicy;
  try {
    policy = feePolicy({
      generation,
      paypal: {
        rateBasisPoints: basisPointsOfPercent(Number(paypalPercent)),
        fixedCents: eurosToCents(paypalFixed),
      },
    });
  } catch {
    return null;
  }
  return policy.version === version ? policy : null;
}

function isGeneration(value: number): value is FeeRulesGeneration {
  return (FEE_RULES_GENERATIONS as readonly number[]).includes(value);
}

/** `feePolicyOfVersion` once per distinct version: a history holds a handful of them. */
export function feePolicyCache(): (version: string) => FeePolicy | null {
  const policies = new Map<string, FeePolicy | null>();
  return (version) => {
    let policy = policies.get(version);
    if (policy === undefined) {
      policy = feePolicyOfVersion(version);
      policies.set(version, policy);
    }
    return policy;
  };
}
