/**
 * PostgreSQL cannot store a NUL character in text, and no person types one: any request that
 * carries one, in a field, a key, a query or a path, is refused with one message.
 */
export const NUL_MESSAGE = 'Remove the NUL character (\\u0000): text cannot contain it.';

type Path = (string | number)[];

/**
 * Decoded JSON and query strings: plain objects, and the prototype-less ones query parsers make.
 * Binary bodies (Buffers, streams) are not text.
 */
function isRecord(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || ArrayBuffer.isView(value)) return false;
  return typeof (value as { pipe?: unknown }).pipe !== 'function';
}

/** Where the first NUL is in a decoded request part (keys included), or null. */
export function findNul(value: unknown, path: Path = []): Path | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findNul(item, [...path, index]);
      if (found) return found;
    }
    return null;
  }
  if (isRecord(value)) {
    for (const [key, item] of Object.entries(value)) {
      if (key.includes('\u0000')) return [...path, key];
      const found = findNul(item, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}
