import { bundleSavingsCents } from '../../../../domain/catalog/bundle-savings';

/**
 * What buying the bundle saves against buying its skins one by one (spec 2.8), in euros; 0 when the
 * skins together cost no more than the bundle. The server's rule, counted in cents so that
 * 7.99 + 7.99 + 7.99 stays exact.
 */
export function bundleSavings(bundlePrice: number, skins: readonly { price: number }[]): number {
  const cents = (euros: number) => Math.round(euros * 100);
  return (
    bundleSavingsCents(
      cents(bundlePrice),
      skins.map((skin) => cents(skin.price)),
    ) / 100
  );
}
