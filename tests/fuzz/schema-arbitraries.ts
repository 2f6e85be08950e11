/**
 * fast-check arbitraries derived from a JSON schema: `valid` values of the schema's shape,
 * `near` values (the right shape with edge strings and numbers, wrong enum members, lengths just
 * past the limits at its leaves) and `broken` ones (wrong types, a required field missing, an
 * unknown field added).
 */
import fc from 'fast-check';
import { RawJson, anyJson, edgeNumber, edgeString } from './edge-values';
import { mergeAllOf, resolveSchema, typesOf, type JsonSchema } from './json-schema';
import { PoolRef } from './pool-ref';

export interface SchemaContext {
  /** The whole document, for `$ref`s. */
  root: unknown;
  /** The pool of real values a field or parameter of this name draws from (ids, the owner's e-mail), if any. */
  poolOf(name: string): string | undefined;
}

export type ValueMode = 'valid' | 'near';

const MAX_DEPTH = 6;
const EXTRA_KEYS = ['extra', '__proto__', 'constructor', 'isAdmin', 'workspaceId', ''];

function validString(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.min(schema.maxLength ?? minLength + 40, minLength + 40);
  switch (schema.format) {
    case 'email':
      // fast-check's addresses use every character RFC 5322 allows; plainer ones get past stricter checks.
      return fc.oneof(
        fc.emailAddress(),
        fc
          .tuple(fc.stringMatching(/^[a-z0-9]{1,12}$/), fc.stringMatching(/^[a-z]{1,10}$/))
          .map(([user, host]) => `${user}@${host}.example.com`),
      );
    case 'uri':
    case 'url':
      return fc.webUrl();
    case 'uuid':
      return fc.uuid();
    case 'date-time':
      return fc
        .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
        .map((d) => d.toISOString());
    case 'date':
      return fc
        .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10));
  }
  if (schema.pattern) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern, 'u'), { size: 'xsmall' });
    } catch {
      // a pattern fast-check cannot generate from: plain strings then
    }
  }
  // No spaces: trimmed by the server, a valid-looking string could fall below its minimum length.
  return fc.string({ minLength, maxLength, unit: fc.constantFrom('a', 'b', 'Z', '0', '-', '.', 'é', '日') });
}

function wrongEnumMember(values: unknown[]): fc.Arbitrary<unknown> {
  const strings = values.filter((v): v is string => typeof v === 'string');
  return fc.oneof(
    fc.constantFrom<unknown>('', 'unknown', 0, null),
    ...(strings.length > 0
      ? [fc.constantFrom(...strings).chain((s) => fc.constantFrom(s.toUpperCase(), ` ${s} `, `${s}x`, s.slice(1)))]
      : []),
  );
}

function leaf(type: string, schema: JsonSchema, mode: ValueMode): fc.Arbitrary<unknown> {
  const valid = ((): fc.Arbitrary<unknown> => {
    switch (type) {
      case 'string':
        return validString(schema);
      case 'integer':
        return fc.integer({ min: schema.minimum ?? -1_000, max: schema.maximum ?? 1_000 });
      case 'number':
        return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true });
      case 'boolean':
        return fc.boolean();
      case 'null':
        return fc.constant(null);
      default:
        return anyJson;
    }
  })();
  if (mode === 'valid') return valid;
  const edge = ((): fc.Arbitrary<unknown> => {
    switch (type) {
      case 'string':
        return edgeString(schema.minLength, schema.maxLength);
      case 'integer':
      case 'number':
        return edgeNumber(schema.minimum, schema.maximum);
      case 'boolean':
        return fc.constantFrom<unknown>('true', 1, 0, 'false', null);
      default:
        return anyJson;
    }
  })();
  return fc.oneof(valid, edge);
}

function objectValue(schema: JsonSchema, mode: ValueMode, context: SchemaContext, depth: number) {
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, property] of Object.entries(properties)) {
    model[name] = valueOf(property, mode, context, name, depth + 1);
  }
  return fc.record(model, { requiredKeys: Object.keys(properties).filter((name) => required.has(name)) });
}

/**
 * A format the name implies where the schema gives none (an `email` field typed as a bare
 * string), so valid values get past the server's own checks and into the handler.
 */
function withFormatFromName(schema: JsonSchema, name: string | undefined): JsonSchema {
  if (schema.format || name === undefined || schema.enum || schema.pattern) return schema;
  if (/e-?mail$/i.test(name)) return { ...schema, format: 'email' };
  if (/(url|link)$/i.test(name)) return { ...schema, format: 'uri' };
  return schema;
}

/** A value of the schema (`valid`), or of its shape with edge values at the leaves (`near`). */
export function valueOf(
  raw: JsonSchema,
  mode: ValueMode,
  context: SchemaContext,
  name?: string,
  depth = 0,
): fc.Arbitrary<unknown> {
  const schema = withFormatFromName(mergeAllOf(resolveSchema(raw, context.root), context.root), name);
  const pool = name === undefined ? undefined : context.poolOf(name);
  const plain = plainValueOf(schema, mode, context, depth, name);
  if (!pool) return plain;
  const refs = fc.oneof(
    fc.nat(1_000).map((pick) => new PoolRef(pool, 'own', pick)),
    fc.nat(1_000).map((pick) => new PoolRef(pool, 'other', pick)),
  );
  // Where an array of ids is allowed (`widgetIds: string[] | null`), real ids go in the array.
  const arrayBranch = [schema, ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]
    .map((branch) => resolveSchema(branch, context.root))
    .find((branch) => typesOf(branch).includes('array') && branch.items);
  if (arrayBranch?.items) {
    const minLength = arrayBranch.minItems ?? 0;
    const item = fc.oneof(
      { weight: 4, arbitrary: refs },
      { weight: 1, arbitrary: valueOf(arrayBranch.items, mode, context, undefined, depth + 1) },
    );
    return fc.oneof(
      { weight: 3, arbitrary: fc.array(item, { minLength, maxLength: Math.max(minLength, 5) }) },
      { weight: 1, arbitrary: plain },
    );
  }
  return fc.oneof({ weight: 3, arbitrary: refs }, { weight: 1, arbitrary: plain });
}

function plainValueOf(
  schema: JsonSchema,
  mode: ValueMode,
  context: SchemaContext,
  depth: number,
  name?: string,
): fc.Arbitrary<unknown> {
  if (depth > MAX_DEPTH) return fc.constant(null);
  if (schema.const !== undefined) {
    return mode === 'valid'
      ? fc.constant(schema.const)
      : fc.oneof(fc.constant(schema.const), wrongEnumMember([schema.const]));
  }
  if (schema.enum) {
    const members = fc.constantFrom(...schema.enum);
    return mode === 'valid'
      ? members
      : fc.oneof({ weight: 2, arbitrary: members }, { weight: 1, arbitrary: wrongEnumMember(schema.enum) });
  }
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices && choices.length > 0) {
    return fc.oneof(
      ...choices.map((choice) =>
        plainValueOf(
          withFormatFromName(mergeAllOf(resolveSchema(choice, context.root), context.root), name),
          mode,
          context,
          depth + 1,
          name,
        ),
      ),
    );
  }
  const types = typesOf(schema);
  if (types.length === 0) return mode === 'valid' ? fc.constantFrom<unknown>('x', 1, true, null) : anyJson;
  return fc.oneof(
    ...types.map((type): fc.Arbitrary<unknown> => {
      if (type === 'object') return objectValue(schema, mode, context, depth);
      if (type === 'array') {
        const minLength = schema.minItems ?? 0;
        const maxLength = Math.min(schema.maxItems ?? minLength + 4, minLength + 4);
        return fc.array(valueOf(schema.items ?? {}, mode, context, undefined, depth + 1), { minLength, maxLength });
      }
      return leaf(type, withFormatFromName(schema, name), mode);
    }),
  );
}

/** A value that breaks the schema's structure: another type, a required field left out, an unknown field, a wrong field. */
export function brokenValueOf(raw: JsonSchema, context: SchemaContext): fc.Arbitrary<unknown> {
  const schema = mergeAllOf(resolveSchema(raw, context.root), context.root);
  const types = typesOf(schema);
  const wrongType = anyJson.filter((value) => !types.includes(jsonTypeOf(value)));
  const variants: fc.Arbitrary<unknown>[] = [wrongType, fc.constant(new RawJson('1e999'))];
  if (types.includes('object')) {
    const whole = objectValue(schema, 'valid', context, 0) as fc.Arbitrary<Record<string, unknown>>;
    const required = schema.required ?? [];
    const names = Object.keys(schema.properties ?? {});
    if (required.length > 0) {
      variants.push(
        fc.tuple(whole, fc.constantFrom(...required)).map(([value, missing]) => {
          const { [missing]: _dropped, ...rest } = value;
          return rest;
        }),
      );
    }
    variants.push(
      fc.tuple(whole, fc.constantFrom(...EXTRA_KEYS), anyJson).map(([value, key, extra]) => {
        const out = { ...value };
        Object.defineProperty(out, key, { value: extra, enumerable: true, writable: true });
        return out;
      }),
    );
    if (names.length > 0) {
      variants.push(
        fc
          .tuple(whole, fc.constantFrom(...names), fc.constantFrom(...names))
          .chain(([value, name, other]) =>
            fc
              .oneof(brokenValueOf(schema.properties?.[name] ?? {}, context), fc.constant(value[other]))
              .map((wrong) => ({ ...value, [name]: wrong })),
          ),
      );
    }
  }
  if (types.includes('array')) {
    const limit = schema.maxItems ?? 1_000;
    variants.push(fc.constant(Array.from({ length: Math.min(limit + 1, 20_000) }, (_, i) => `item-${i}`)));
    variants.push(fc.array(anyJson, { maxLength: 5 }));
  }
  return fc.oneof(...variants);
}

function jsonTypeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}
