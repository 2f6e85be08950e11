/**
 * Compiles the document's JSON schemas with ajv (JSON Schema 2020-12, the dialect of OpenAPI 3.1),
 * each once. `#/components/schemas/X` references are rewritten to ids ajv knows, so any schema of
 * the document compiles on its own.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020';
import type { OpenApiDocument } from './document';

const COMPONENT_PREFIX = '#/components/schemas/';
const COMPONENT_ID = 'https://tellbox.invalid/openapi/components/';

/** A reason stays one readable line. */
const MAX_ERRORS_SAID = 5;

/** OpenAPI's own annotations beside JSON Schema's: allowed, not checked. */
const OPENAPI_KEYWORDS = ['example', 'xml', 'externalDocs', 'discriminator'];

/** Formats zod writes; the patterns zod writes beside them do the precise checking. */
const FORMATS: Record<string, (value: string) => boolean> = {
  'date-time': (value) => !Number.isNaN(Date.parse(value)),
  date: (value) => /^\d{4}-\d{2}-\d{2}$/.test(value),
  email: (value) => value.includes('@'),
  uri: (value) => URL.canParse(value),
  uuid: (value) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value),
};

/** A copy of `schema` whose component references point at the ids the components are added under. */
function withResolvableRefs(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withResolvableRefs);
  if (typeof schema !== 'object' || schema === null) return schema;
  return Object.fromEntries(
    Object.entries(schema).map(([key, value]) => {
      if (key === '$ref' && typeof value === 'string' && value.startsWith(COMPONENT_PREFIX)) {
        return [key, COMPONENT_ID + value.slice(COMPONENT_PREFIX.length)];
      }
      return [key, withResolvableRefs(value)];
    }),
  );
}

export interface SchemaValidator {
  /** The compiled validator of `schema` (an object of the document), compiled on first use. */
  validatorFor(schema: object): ValidateFunction;
  /** Errors in words, e.g. `body/createdAt must match format "date-time"`. */
  errorsText(validate: ValidateFunction): string;
}

export function createSchemaValidator(document: OpenApiDocument): SchemaValidator {
  const ajv = new Ajv2020({ strict: true, allErrors: true });
  ajv.addVocabulary(OPENAPI_KEYWORDS);
  for (const [name, check] of Object.entries(FORMATS)) ajv.addFormat(name, check);
  for (const [name, schema] of Object.entries(document.components?.schemas ?? {})) {
    ajv.addSchema(withResolvableRefs(schema) as object, COMPONENT_ID + name);
  }
  const compiled = new WeakMap<object, ValidateFunction>();
  return {
    validatorFor(schema) {
      let validate = compiled.get(schema);
      if (!validate) {
        validate = ajv.compile(withResolvableRefs(schema) as object);
        compiled.set(schema, validate);
      }
      return validate;
    },
    errorsText: (validate) => {
      const errors = validate.errors ?? [];
      const more = errors.length > MAX_ERRORS_SAID ? ` (and ${errors.length - MAX_ERRORS_SAID} more)` : '';
      return ajv.errorsText(errors.slice(0, MAX_ERRORS_SAID), { dataVar: 'body' }) + more;
    },
  };
}
