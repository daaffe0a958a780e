import type { TooltipProps } from '@mantine/core';
import { lazy, Suspense } from 'react';

// Mantine's Tooltip brings its positioning library (floating-ui, ~45 kB); cards on the first screen
// show their targets at once and gain the tooltip when its code has arrived a moment later.
const Tooltip = lazy(() => import('./tooltip').then((module) => ({ default: module.LoadedTooltip })));

/** Mantine's Tooltip, loaded after the page: until then the target shows without it. */
export function DeferredTooltip(props: TooltipProps) {
  return (
    <Suspense fallback={props.children}>
      <Tooltip {...props} />
    </Suspense>
  );
}
