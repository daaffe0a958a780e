import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { z } from 'zod';
import { isEuMemberState } from '../../domain/tax/eu-member-states';
import type { VatRateLookup } from '../../domain/tax/vat-rates';

/**
 * EU VAT rates, offline, from the rate table the `sales-tax` package ships
 * (`res/sales_tax_rates.json`, MIT, kept current by its maintainer): per country the rate in force
 * now and, under `before`, the rates that applied before each change. Only that data file is read:
 * the package's code (which can call online services) is never loaded.
 *
 * Updating the rates is updating the package (`npm install sales-tax@latest`): no code change. The
 * version recorded with each order is the package's own name and version, read from its
 * package.json, so an audit can tell which rate set taxed an order.
 */
const require = createRequire(import.meta.url);

const period = z.object({ type: z.string(), rate: z.number().min(0).max(1) });
const rateTable = z.record(
  z.string(),
  period.extend({ before: z.record(z.string(), period).optional() }).loose(),
);
type RateTable = z.infer<typeof rateTable>;

function packageVersion(): string {
  const manifest = z
    .object({ name: z.string(), version: z.string() })
    .parse(JSON.parse(readFileSync(require.resolve('sales-tax/package.json'), 'utf8')));
  return `${manifest.name}@${manifest.version}`;
}

function loadTable(): RateTable {
  const file = require.resolve('sales-tax/res/sales_tax_rates.json');
  return rateTable.parse(JSON.parse(readFileSync(file, 'utf8')));
}

/**
 * The rate of one country on a day: a `before` key is the instant a rate stopped applying, so the
 * rate on `on` is the one under the earliest key after it, or the current rate when no key is.
 */
export function rateOn(entry: RateTable[string], on: Date): number {
  const changes = Object.entries(entry.before ?? {})
    .map(([until, earlier]) => ({ until: Date.parse(until), rate: earlier.rate }))
    .filter((change) => Number.isFinite(change.until))
    .sort((a, b) => a.until - b.until);
  return changes.find((change) => on.getTime() < change.until)?.rate ?? entry.rate;
}

/** The rate lookup over the installed rate table (a member state's standard rate on a day). */
export function salesTaxRatesLookup(): VatRateLookup {
  const version = packageVersion();
  const table = loadTable();
  return {
    version,
    standardRateBasisPoints(country, on) {
      if (!isEuMemberState(country)) return null;
      const entry = table[country.toUpperCase()];
      if (!entry || entry.type !== 'vat') return null;
      // 25.5 % is 0.255: whole basis points, rounded off the float's last bits.
      return Math.round(rateOn(entry, on) * 10_000);
    },
  };
}
