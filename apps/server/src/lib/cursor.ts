import type { z } from 'zod';
import { HttpError } from './http-error';
import { text } from '../i18n/i18n';

/** Opaque page cursors: the sort key of the last item, base64url-encoded JSON. */
export function encodeCursor(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/** Decodes a cursor; a tampered or stale one is a 400 a person can act on, never a 500. */
export function decodeCursor<T extends z.ZodType>(
  cursor: string | undefined,
  schema: T,
): z.output<T> | null {
  if (!cursor) return null;
  try {
    const parsed = schema.safeParse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
    if (parsed.success) return parsed.data;
  } catch {
    // fall through
  }
  throw new HttpError(400, 'validation_failed', text('errors:staleCursor'), [
    { path: 'cursor', message: text('errors:invalidCursor') },
  ]);
}

/** Splits a `limit + 1` query result into the page and the cursor of what follows. */
export function toPage<Row, Item>(
  rows: Row[],
  limit: number,
  toItem: (row: Row) => Item,
  cursorOf: (row: Row) => unknown,
): { items: Item[]; next_cursor: string | null } {
  const pageRows = rows.slice(0, limit);
  const last = pageRows[pageRows.length - 1];
  return {
    items: pageRows.map(toItem),
    next_cursor: rows.length > limit && last !== undefined ? encodeCursor(cursorOf(last)) : null,
  };
}

/** A user's text as a literal ILIKE pattern (their % and _ are not wildcards). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
