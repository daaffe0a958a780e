import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { VatIdCheckAnswer } from '../../domain/orders/place-order-vat-check';

/**
 * Whether a buyer's VAT ID is registered, asked of the EU's VIES (VAT Information Exchange System)
 * over its REST interface, or of a local stand-in when no VIES address is configured (development,
 * tests, the demo), as the payment providers have theirs.
 *
 * The answer (domain/orders/place-order-vat-check.ts) carries VIES's consultation number when the
 * operator's own VAT ID was sent as the requester; UNAVAILABLE when the register could not answer (a
 * member state's system down, a timeout): the checkout then refuses, never a guess.
 */
export type { VatIdCheckAnswer };

/** Checks a VAT ID whose format is already checked (`FR40303265045`: prefix and number). */
export type VatIdChecker = (vatId: string) => Promise<VatIdCheckAnswer>;

/**
 * The local stand-in's test numbers (their format is right, the register "does not know" them) and
 * the one it answers "unavailable" for, so both refusals can be tried without VIES. Every other
 * number in a valid format counts as registered.
 */
export const LOCAL_VIES_INVALID_NUMBERS: readonly string[] = ['FR20987654326', 'DE123456788'];
export const LOCAL_VIES_UNAVAILABLE_NUMBERS: readonly string[] = ['ES12345678Z'];

export function localVatIdChecker(now: () => Date = () => new Date()): VatIdChecker {
  return async (vatId) => {
    if (LOCAL_VIES_UNAVAILABLE_NUMBERS.includes(vatId)) {
      return { status: 'UNAVAILABLE', reason: 'the local stand-in answers unavailable for this test number' };
    }
    return {
      status: LOCAL_VIES_INVALID_NUMBERS.includes(vatId) ? 'INVALID' : 'VALID',
      source: 'LOCAL',
      requestIdentifier: `local-${randomUUID()}`,
      checkedAt: now().toISOString(),
    };
  };
}

/** VIES's answer to check-vat-number (only the fields read). */
const viesAnswer = z.object({
  valid: z.boolean(),
  requestIdentifier: z.string().nullish(),
  userError: z.string().nullish(),
});

/** VAT ID prefix → the member state code VIES expects (Greece is EL in both). */
const splitVatId = (vatId: string) => ({ countryCode: vatId.slice(0, 2), vatNumber: vatId.slice(2) });

/**
 * The VIES REST check: POST `<baseUrl>/check-vat-number` with the number and, when the operator's
 * VAT ID is known, the requester (then VIES returns a consultation number, kept as evidence). A
 * `userError` other than VALID/INVALID (MS_UNAVAILABLE, TIMEOUT, ...) or a failed request is
 * UNAVAILABLE. Ten seconds at most: the buyer is waiting.
 */
export function viesVatIdChecker(options: {
  baseUrl: string;
  requesterVatId: string | null;
  now?: () => Date;
  timeoutMs?: number;
}): VatIdChecker {
  const now = options.now ?? (() => new Date());
  const url = `${options.baseUrl.replace(/\/+$/, '')}/check-vat-number`;
  return async (vatId) => {
    const requester = options.requesterVatId ? splitVatId(options.requesterVatId) : null;
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({
          ...splitVatId(vatId),
          ...(requester
            ? { requesterMemberStateCode: requester.countryCode, requesterNumber: requester.vatNumber }
            : {}),
        }),
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
    } catch (error) {
      return { status: 'UNAVAILABLE', reason: error instanceof Error ? error.message : String(error) };
    }
    if (!response.ok) return { status: 'UNAVAILABLE', reason: `VIES answered ${response.status}` };
    const parsed = viesAnswer.safeParse(await response.json().catch(() => null));
    if (!parsed.success) return { status: 'UNAVAILABLE', reason: 'VIES answered in an unknown shape' };
    const { valid, requestIdentifier, userError } = parsed.data;
    if (userError && userError !== 'VALID' && userError !== 'INVALID') {
      return { status: 'UNAVAILABLE', reason: `VIES: ${userError}` };
    }
    return {
      status: valid ? 'VALID' : 'INVALID',
      source: 'VIES',
      requestIdentifier: requestIdentifier || null,
      checkedAt: now().toISOString(),
    };
  };
}

/** VIES when its address is configured, else the local stand-in. */
export function vatIdCheckerFor(
  config: { viesBaseUrl: string | null; requesterVatId: string | null },
  now?: () => Date,
): VatIdChecker {
  return config.viesBaseUrl
    ? viesVatIdChecker({ baseUrl: config.viesBaseUrl, requesterVatId: config.requesterVatId, now })
    : localVatIdChecker(now);
}
