import { lazy, startTransition, useEffect, useState } from 'react';
import type { ComponentType } from 'react';

// What a page shows below or beside its first screen (footer, toasts, tooltips) waits until the
// first screen is painted: on a slow phone its code would otherwise share the connection with the
// page's own code, data and lead picture, and its rendering would share the main thread.

/** After the longest a first screen may take: later code loads anyway. */
const FIRST_SCREEN_TIMEOUT_MS = 4000;

let settle: () => void = () => undefined;
const shown = new Promise<void>((resolve) => {
  settle = resolve;
});
if (typeof window !== 'undefined') window.setTimeout(() => settle(), FIRST_SCREEN_TIMEOUT_MS);
let isShown = false;
void shown.then(() => {
  isShown = true;
});

let mainData: Promise<unknown> = Promise.resolve();

/** Once the main thread is free: React has rendered and painted what it had. */
function whenIdle(callback: () => void): void {
  if (typeof window.requestIdleCallback === 'function')
    window.requestIdleCallback(callback, { timeout: 1000 });
  else window.setTimeout(callback, 200);
}

/** The first page's main query, asked before its code has arrived: the first screen waits for it. */
export function firstScreenData(content: Promise<unknown>): void {
  mainData = content.catch(() => undefined);
}

/** The first page's code has mounted: once its main data is in and React is done, the screen is shown. */
export function firstScreenMounted(): void {
  whenIdle(() => void mainData.then(() => whenIdle(settle)));
}

/** Rendered beside the page, inside its Suspense boundary: mounts once the page's code has. */
export function FirstScreenMark(): null {
  useEffect(firstScreenMounted, []);
  return null;
}

/** Resolves once the first screen is shown, or a few seconds after the app started at the latest. */
export function firstScreenShown(): Promise<void> {
  return shown;
}

/** False until the first screen is shown, then true: for what may appear a moment later. */
export function useFirstScreenShown(): boolean {
  const [value, setValue] = useState(isShown);
  // Setting the state of a card gone since changes nothing.
  useEffect(() => void shown.then(() => startTransition(() => setValue(true))), []);
  return value;
}

/** `lazy()` whose code loads only after the first screen is shown (or a few seconds at most). */
export function lazyAfterFirstScreen<Props>(load: () => Promise<ComponentType<Props>>) {
  return lazy(async () => {
    await shown;
    return { default: await load() };
  });
}
