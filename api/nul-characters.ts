/** NUL (U+0000): PostgreSQL cannot store it in text, and no name, title or code has a use for it. */
export const NUL = '\0';
export const NUL_MESSAGE = 'The request contains a NUL character, which no field accepts.';

/** Whether a string, or any string or key inside a JSON value, holds a NUL character. */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes(NUL);
  if (depth > 64 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((item) => containsNul(item, depth + 1));
  // Own enumerable keys, as Object.entries gives them, without an array of pairs per object (this
  // runs on the headers and body of every request).
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    if (key.includes(NUL) || containsNul((value as Record<string, unknown>)[key], depth + 1)) return true;
  }
  return false;
}
