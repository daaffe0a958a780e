import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as AfterFirstScreen from './after-first-screen';

type Module = typeof AfterFirstScreen;

/** A fresh copy of the module (its state is the app's first screen) in a window without idle callbacks. */
async function freshModule(): Promise<Module> {
  vi.resetModules();
  vi.stubGlobal('window', { setTimeout: (callback: () => void, ms: number) => setTimeout(callback, ms) });
  return import('./after-first-screen');
}

/** Whether the first screen counts as shown, after `ms` of the page's life. */
async function shownAfter(module: Module, ms: number): Promise<boolean> {
  let shown = false;
  void module.firstScreenShown().then(() => {
    shown = true;
  });
  await vi.advanceTimersByTimeAsync(ms);
  return shown;
}

describe('the first screen', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('is shown once the page has mounted and its main data has arrived, not before', async () => {
    const module = await freshModule();
    let answer: (value: unknown) => void = () => undefined;
    module.firstScreenData(new Promise((resolve) => (answer = resolve)));
    expect(await shownAfter(module, 1000)).toBe(false);

    module.firstScreenMounted();
    expect(await shownAfter(module, 1000)).toBe(false);

    answer({ data: {} });
    expect(await shownAfter(module, 500)).toBe(true);
  });

  it('does not wait for data that failed', async () => {
    const module = await freshModule();
    module.firstScreenData(Promise.reject(new Error('offline')));
    module.firstScreenMounted();
    expect(await shownAfter(module, 500)).toBe(true);
  });

  it('is shown after a few seconds at the latest, whatever the page does', async () => {
    const module = await freshModule();
    module.firstScreenData(new Promise(() => undefined));
    expect(await shownAfter(module, 3900)).toBe(false);
    expect(await shownAfter(module, 200)).toBe(true);
  });
});
