/** The parts of an OpenAPI 3.0 schema (as @fastify/swagger writes them) a sample is made from. */
export interface OpenApiSchema {
  type?: string;
  format?: string;
  nullable?: boolean;
  enum?: unknown[];
  default?: unknown;
  minimum?: number;
  exclusiveMinimum?: boolean | number;
  maximum?: number;
  minLength?: number;
  minItems?: number;
  pattern?: string;
  properties?: Record<string, OpenApiSchema>;
  required?: string[];
  items?: OpenApiSchema;
  anyOf?: OpenApiSchema[];
  oneOf?: OpenApiSchema[];
  allOf?: OpenApiSchema[];
}

const today = () => new Date().toISOString().slice(0, 10);

/**
 * The smallest value a schema accepts as far as its shape says: required fields only, the first
 * enum value, the minimum number, dates of today. Rules the schema cannot show (an id that
 * exists, a refinement) may still refuse it; callers override such fields.
 */
export function sampleOf(schema: OpenApiSchema | undefined, key = ''): unknown {
  if (!schema) return undefined;
  if (schema.enum) return schema.enum[0];
  const options = schema.anyOf ?? schema.oneOf;
  if (options) return sampleOf(options.find((o) => o.type !== 'null') ?? options[0], key);
  if (schema.allOf) return sampleOf(schema.allOf[0], key);
  switch (schema.type) {
    case 'object': {
      const required = new Set(schema.required ?? []);
      return Object.fromEntries(
        Object.entries(schema.properties ?? {})
          .filter(([k]) => required.has(k))
          .map(([k, v]) => [k, sampleOf(v, k)]),
      );
    }
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => sampleOf(schema.items, key));
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? 1;
      const value = schema.exclusiveMinimum === true ? Math.floor(min) + 1 : Math.ceil(min);
      return Math.min(Math.max(value, 1), schema.maximum ?? Infinity);
    }
    case 'boolean':
      return false;
    case 'string':
      if (schema.format === 'email' || key.includes('email')) return 'sample@example.org';
      if (schema.format === 'date' || key.endsWith('date') || key.endsWith('_on')) return today();
      if (schema.format === 'date-time') return new Date().toISOString();
      return 'sample'.padEnd(schema.minLength ?? 0, 'x');
    case 'null':
    case undefined:
    default:
      return null;
  }
}
