/**
 * Zod probes for eval (new Function) to compile its parsers; the Content-Security-Policy forbids
 * eval, and the browser reports even a caught probe as a violation (docs/security.md). Zod keeps its
 * configuration in globalThis.__zod_globalConfig (shared by every copy of zod) and keeps an object it
 * finds there, so setting it before zod loads spares the first load zod's code (zod-jitless.unit.spec.ts
 * checks that zod still reads it).
 */
export function makeZodJitless(): void {
  const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
  holder.__zod_globalConfig ??= {};
  holder.__zod_globalConfig.jitless = true;
}
