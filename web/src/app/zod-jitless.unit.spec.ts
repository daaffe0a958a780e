import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeZodJitless } from './zod-jitless';

describe('makeZodJitless', () => {
  afterEach(() => {
    delete (globalThis as { __zod_globalConfig?: unknown }).__zod_globalConfig;
    vi.resetModules();
  });

  it('makes a zod loaded afterwards jitless (no eval probe under the CSP)', async () => {
    delete (globalThis as { __zod_globalConfig?: unknown }).__zod_globalConfig;
    vi.resetModules();
    makeZodJitless();
    const { config } = await import('zod');
    expect(config().jitless).toBe(true);
  });
});
