import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import VATRates from 'vatrates';
import { isEuMemberState } from '../../domain/tax/eu-member-states';
import type { VatRateLookup } from '../../domain/tax/vat-rates';

/**
 * EU VAT rates, offline, from the `vatrates` package (dated rate periods per member state, MIT).
 * Updating the rates is updating the package (`npm install vatrates@latest`): no code change. The
 * version recorded with each order is the package's own name and version, read from its
 * package.json, so an audit can tell which rate set taxed an order.
 */
const require = createRequire(import.meta.url);

function packageVersion(): string {
  const manifest = JSON.parse(readFileSync(require.resolve('vatrates/package.json'), 'utf8')) as {
    name: string;
    version: string;
  };
  return `${manifest.name}@${manifest.version}`;
}

/** Greece's VAT code is EL; the package knows it as GR (and EL). */
const vatRatesCode = (country: string) => country.toUpperCase();

/** The rate lookup over the installed `vatrates` (its standard rate of a member state on a day). */
export function vatratesLookup(): VatRateLookup {
  const version = packageVersion();
  return {
    version,
    standardRateBasisPoints(country, on) {
      if (!isEuMemberState(country)) return null;
      const rates = new VATRates(on);
      const standard = rates.getStandardRate(vatRatesCode(country));
      // 25.5 % → 2550: rates come as percentages with at most two decimals.
      return typeof standard === 'number' ? Math.round(standard * 100) : null;
    },
  };
}
