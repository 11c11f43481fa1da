import { apiErrorSchema } from '@fitcoach/shared/errors';

/** Error answers a route documents in OpenAPI; all share the one wire shape. */
export function errorResponses<const S extends readonly number[]>(...statuses: S) {
  return Object.fromEntries(statuses.map((s) => [s, apiErrorSchema])) as {
    [K in S[number]]: typeof apiErrorSchema;
  };
}
