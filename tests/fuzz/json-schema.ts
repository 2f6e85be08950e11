/**
 * The part of JSON Schema 2020-12 (as OpenAPI 3.1 documents use it) the fuzzer reads, and the
 * resolution of local `$ref`s (`#/components/schemas/Widget`) against the whole document.
 */

export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
}

/** Follows `$ref`s (local pointers only) until a schema without one; `{}` when a pointer leads nowhere. */
export function resolveSchema(schema: JsonSchema, root: unknown, seen = new Set<string>()): JsonSchema {
  if (!schema.$ref) return schema;
  if (seen.has(schema.$ref) || !schema.$ref.startsWith('#/')) return {};
  seen.add(schema.$ref);
  let target: unknown = root;
  for (const raw of schema.$ref.slice(2).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    target = typeof target === 'object' && target !== null ? (target as Record<string, unknown>)[key] : undefined;
  }
  if (typeof target !== 'object' || target === null) return {};
  // Sibling keywords next to a $ref (allowed in 2020-12) add to the target.
  const { $ref: _ref, ...siblings } = schema;
  return resolveSchema({ ...(target as JsonSchema), ...siblings }, root, seen);
}

/** The schema's types as a list: `type` itself, else what its keywords imply; empty when anything goes. */
export function typesOf(schema: JsonSchema): string[] {
  if (schema.type) return Array.isArray(schema.type) ? schema.type : [schema.type];
  if (schema.properties || schema.required) return ['object'];
  if (schema.items) return ['array'];
  if (schema.pattern || schema.format || schema.minLength !== undefined || schema.maxLength !== undefined) {
    return ['string'];
  }
  return [];
}

/** `allOf` merged into one schema (properties and required lists joined), good enough to generate from. */
export function mergeAllOf(schema: JsonSchema, root: unknown): JsonSchema {
  if (!schema.allOf) return schema;
  const { allOf, ...rest } = schema;
  return allOf
    .map((part) => mergeAllOf(resolveSchema(part, root), root))
    .reduce<JsonSchema>(
      (merged, part) => ({
        ...merged,
        ...part,
        properties: { ...merged.properties, ...part.properties },
        required: [...(merged.required ?? []), ...(part.required ?? [])],
      }),
      rest,
    );
}
