import { lazy, Suspense } from 'react';
import type { PurchaseResult } from '../cart/use-purchase-result';

// Only the pages a checkout comes back to show it: the others do not load its code.
const PurchaseResultNotice = lazy(() =>
  import('./purchase-result-notice').then((module) => ({ default: module.PurchaseResultNotice })),
);

/**
 * The banner shown after a checkout comes back to /…/success or /…/failed (spec 2.8 and 8): the mail
 * with the download links is on its way, or the owned skins download at once from the collection.
 */
export function PurchaseResultBanner({ result }: { result: PurchaseResult }) {
  return (
    <Suspense fallback={null}>
      <PurchaseResultNotice result={result} />
    </Suspense>
  );
}
