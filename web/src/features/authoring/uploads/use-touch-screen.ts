import { useMediaQuery } from '@mantine/hooks';

/** A screen used by touch (no hover, or a finger for a pointer). */
export const TOUCH_SCREEN_QUERY = '(hover: none), (pointer: coarse)';

/**
 * True on a phone or tablet, where nothing is dragged from a desktop and there is no mouse to click:
 * the upload fields say "tap" and "choose" there instead of "drag" and "click".
 */
export function useTouchScreen(): boolean {
  return useMediaQuery(TOUCH_SCREEN_QUERY, false, { getInitialValueInEffect: false }) ?? false;
}
