/**
 * What buying a bundle saves against buying its skins one by one, in cents: the skins' prices
 * together minus the bundle's price, or 0 when the skins together cost no more than the bundle (a
 * bundle is never advertised as costing extra).
 */
export function bundleSavingsCents(bundlePriceCents: number, skinPricesCents: readonly number[]): number {
  const skinsTotal = skinPricesCents.reduce((sum, price) => sum + price, 0);
  return Math.max(0, skinsTotal - bundlePriceCents);
}
