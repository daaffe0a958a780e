import type { TooltipProps } from '@mantine/core';
import { Suspense } from 'react';
import { lazyAfterFirstScreen } from './after-first-screen';

// Mantine's Tooltip brings its positioning library (floating-ui, ~45 kB); cards on the first screen
// show their targets at once and gain the tooltip once that screen is shown.
const Tooltip = lazyAfterFirstScreen(() => import('./tooltip').then((module) => module.LoadedTooltip));

/** Mantine's Tooltip, loaded after the page: until then the target shows without it. */
export function DeferredTooltip(props: TooltipProps) {
  return (
    <Suspense fallback={props.children}>
      <Tooltip {...props} />
    </Suspense>
  );
}
