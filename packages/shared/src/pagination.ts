import { z } from 'zod';

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

/** A positive integer id from a path or query string. */
export const idParam = z.coerce
  .number({ error: 'Use a numeric id.' })
  .int('Use a numeric id.')
  .positive('Use a numeric id.')
  .max(2_147_483_647, 'Use a numeric id.');

export const idParamsSchema = z.object({ id: idParam });

/**
 * The spec's tag filter: `tag_id` is a tag's id, or empty ('' or null) to clear the filter.
 */
export const tagFilterValue = z
  .union([z.literal(''), z.null(), idParam])
  .transform((v) => (v === '' || v === null ? null : v));

export const searchText = z.string().trim().max(100, 'Use at most 100 characters.');
