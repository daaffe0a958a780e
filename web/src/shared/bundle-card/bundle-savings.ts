/**
 * What buying the bundle saves against buying its skins one by one (spec 2.8), in euros; 0 when the
 * skins together cost no more than the bundle. Counted in cents so that 7.99 + 7.99 + 7.99 stays exact.
 */
export function bundleSavings(bundlePrice: number, skins: readonly { price: number }[]): number {
  const cents = (euros: number) => Math.round(euros * 100);
  const skinsTotal = skins.reduce((sum, skin) => sum + cents(skin.price), 0);
  const saved = skinsTotal - cents(bundlePrice);
  return saved > 0 ? saved / 100 : 0;
}
