import { Tooltip } from '@mantine/core';

/** The chunk DeferredTooltip loads. */
export const LoadedTooltip = Tooltip;
