import { z } from 'zod';
import { vm } from './validation-messages';

/** Every list answers `{ items, next_cursor }`; pass `next_cursor` back as `cursor` for more. */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), next_cursor: z.string().nullable() });
}

export interface Page<T> {
  items: T[];
  next_cursor: string | null;
}

export const cursorQuery = {
  cursor: z.string().max(300).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(24),
};

const MAX_ID = 2_147_483_647;
const ID_MESSAGE = vm('useNumericId');
/** Written the one way an id is written: decimal digits, no sign, no leading zero, no spaces. */
const CANONICAL_ID = /^[1-9][0-9]{0,9}$/;

/**
 * A positive integer id from a path, query string or body. Only its canonical decimal form:
 * `0x10`, `0b11`, `+1`, ` 1`, `1e1` or `01` would each name an id the caller never wrote.
 */
export const idParam = z.preprocess(
  (value) => (typeof value === 'string' ? (CANONICAL_ID.test(value) ? Number(value) : NaN) : value),
  z.number({ error: ID_MESSAGE }).int(ID_MESSAGE).positive(ID_MESSAGE).max(MAX_ID, ID_MESSAGE),
);

export const idParamsSchema = z.object({ id: idParam });

/**
 * The spec's tag filter: `tag_id` is a tag's id, or empty ('' or null) to clear the filter.
 */
export const tagFilterValue = z
  .union([z.literal(''), z.null(), idParam])
  .transform((v) => (v === '' || v === null ? null : v));

export const searchText = z.string().trim().max(100, vm('atMostCharacters'));
