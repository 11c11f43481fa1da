import { vm } from './validation-messages';

/**
 * PostgreSQL cannot store a NUL character in text, and no person types one: any request that
 * carries one, in a field, a key, a query or a path, is refused with one message.
 */
export const NUL_MESSAGE = vm('removeNul');

/**
 * Control characters (C0 including tab and line breaks, DEL, C1): a name is one line of plain
 * text, shown in lists, notifications and mail; these could break or disguise it.
 */
// eslint-disable-next-line no-control-regex
export const LINE_CONTROL_CHARACTERS = /[\u0000-\u001F\u007F-\u009F]/;

/** A person's name (a member's, or a contact's): trimmed, one line, no control characters. */
export const isOneLine = (value: string) => !LINE_CONTROL_CHARACTERS.test(value);

/**
 * Whether text shows anything: `trim()` leaves zero-width and other format characters
 * (U+200B, U+2060, U+FEFF, …) and separators it does not know, so "\u200b" would pass as a
 * question and title a conversation nobody can see.
 */
export const hasVisibleText = (value: string) => /[^\s\p{Z}\p{Cc}\p{Cf}]/u.test(value);

type Path = (string | number)[];

/**
 * Decoded JSON and query strings: plain objects, and the prototype-less ones query parsers make.
 * Binary bodies (Buffers, streams) are not text.
 */
function isRecord(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || ArrayBuffer.isView(value)) return false;
  return typeof (value as { pipe?: unknown }).pipe !== 'function';
}

/**
 * How deep a request's JSON may nest. The deepest body the API reads is a few levels (a workout's
 * exercises' sets); a person never sends 64. Deeper ones are refused before anything walks them:
 * every recursive walk (schema validation, serialisers) would overflow the stack on a few
 * thousand levels.
 */
export const MAX_NESTING = 64;

export const NESTING_MESSAGE = vm('nestedTooDeeply');

export type InputProblem = { kind: 'nul'; path: Path } | { kind: 'too_deep'; path: Path };

/**
 * The first problem in a decoded request part: a NUL (in a string or a key), or arrays and
 * objects nested deeper than `maxDepth`. Iterative (an explicit stack), so a hostile depth
 * cannot overflow the call stack here.
 */
export function inspectInput(value: unknown, maxDepth = MAX_NESTING): InputProblem | null {
  const stack: { value: unknown; path: Path }[] = [{ value, path: [] }];
  while (stack.length > 0) {
    const { value: current, path } = stack.pop()!;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return { kind: 'nul', path };
      continue;
    }
    const entries = Array.isArray(current)
      ? current.map((item, index) => [index, item] as const)
      : isRecord(current)
        ? Object.entries(current)
        : null;
    if (!entries) continue;
    if (path.length >= maxDepth) return { kind: 'too_deep', path };
    const badKey = entries.find(([key]) => typeof key === 'string' && key.includes('\u0000'));
    if (badKey) return { kind: 'nul', path: [...path, badKey[0]] };
    // Pushed in reverse, so the first field is looked at first (the path a person expects).
    for (let i = entries.length - 1; i >= 0; i -= 1) {
      const [key, item] = entries[i]!;
      stack.push({ value: item, path: [...path, key] });
    }
  }
  return null;
}

/** Where the first NUL is in a decoded request part (keys included), or null. */
export function findNul(value: unknown): Path | null {
  const problem = inspectInput(value, Infinity);
  return problem?.kind === 'nul' ? problem.path : null;
}
