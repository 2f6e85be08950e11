/**
 * One arbitrary per operation, built from the document alone: the path parameters (the owner's
 * real ids, another owner's ids, random and malformed strings), the query, headers, the JSON body
 * (valid, near-valid, structurally broken) and how it is sent (invalid JSON, another content
 * type, none at all), and the credentials.
 */
import fc from 'fast-check';
import { anyJson, edgeString } from './edge-values';
import type { Operation, OperationParameter } from './operations';
import { PoolRef } from './pool-ref';
import { poolFor } from './pools';
import { brokenValueOf, valueOf, type SchemaContext } from './schema-arbitraries';

/** encodeURIComponent, with lone surrogates (which it refuses) sent as U+FFFD, as a browser would. */
export const encodeText = (text: string) => encodeURIComponent(Buffer.from(text, 'utf8').toString('utf8'));

/** Text put into the URL as it is, not percent-encoded (malformed escapes, dot segments). */
export class Verbatim {
  constructor(readonly text: string) {}

  toString() {
    return this.text;
  }
}

/** The bearer token of the owner whose world the request runs in, or none, or a broken one (`{token}` is replaced). */
export type AuthChoice = string | null;

export type FuzzBody =
  | { kind: 'json'; value: unknown; contentType: string; contentEncoding?: string }
  | { kind: 'text'; text: string; contentType?: string; latin1?: boolean };

export interface FuzzRequest {
  auth: AuthChoice;
  pathParams: Record<string, unknown>;
  query: [string, unknown][];
  headers: [string, unknown][];
  body?: FuzzBody;
}

const GOOD_AUTH = 'Bearer {token}';
const BAD_AUTH = [
  '',
  'Bearer',
  'Bearer ',
  'Bearer invalid',
  'Basic dXNlcjpwYXNz',
  'bearer {token}',
  'BEARER  {token}',
  'Bearer {token}x',
  'Bearer {token} {token}',
  'Token {token}',
  `Bearer ${'A'.repeat(4_000)}`,
];

const MALFORMED_SEGMENTS = [
  '%',
  '%ZZ',
  '%00',
  '%2F',
  'a%2Fb',
  '%C0%AF',
  '%E2%82',
  '..',
  '.',
  '%2E%2E',
  '~',
  '*',
  ':id',
];

const INVALID_JSON = [
  '{',
  '{"a":',
  'nul',
  '\uFEFF{}',
  "{'a':1}",
  '[1,]',
  '{"a":1}{"b":2}',
  '{"a":1,"a":2}',
  '"just a string"',
  '12',
  'null',
  '[]',
  `${'['.repeat(20_000)}${']'.repeat(20_000)}`,
  `${'{"a":'.repeat(15_000)}1${'}'.repeat(15_000)}`,
];

const OTHER_CONTENT_TYPES = [
  'text/plain',
  'text/plain;charset=UTF-8',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/json; charset=nope',
  'APPLICATION/JSON',
  'application/vnd.api+json',
  '*/*',
];

const ORIGINS = [
  'null',
  'https://evil.example',
  'http://[::1]:3000',
  'file://',
  'not a url',
  `https://${'a'.repeat(300)}.com`,
];

/**
 * Node's HTTP server refuses a request line and headers over 16 KB with a bare 431 before the app
 * sees it; parameters stay well below that, so every request reaches the API.
 */
const MAX_PARAMETER_BYTES = 3_000;
const fitsInUrl = (value: unknown) =>
  !(typeof value === 'string' || value instanceof Verbatim) || encodeText(String(value)).length <= MAX_PARAMETER_BYTES;

function parameterValue(parameter: OperationParameter, operation: Operation, context: SchemaContext) {
  return anyParameterValue(parameter, operation, context).filter(fitsInUrl);
}

function anyParameterValue(parameter: OperationParameter, operation: Operation, context: SchemaContext) {
  const pool = poolFor(parameter.name, operation);
  const generated = fc.oneof(
    { weight: 2, arbitrary: valueOf(parameter.schema, 'valid', context) },
    { weight: 2, arbitrary: valueOf(parameter.schema, 'near', context) },
    { weight: 1, arbitrary: brokenValueOf(parameter.schema, context) },
  );
  if (parameter.in === 'path') {
    const random = fc.oneof(
      generated.filter((value) => value !== '' && value !== null && typeof value !== 'object'),
      fc.constantFrom(...MALFORMED_SEGMENTS).map((text) => new Verbatim(text)),
      edgeString(1, 64).filter((text) => text.length > 0),
    );
    if (!pool) return random;
    return fc.oneof(
      { weight: 5, arbitrary: fc.nat(1_000).map((pick) => new PoolRef(pool, 'own', pick)) },
      { weight: 2, arbitrary: fc.nat(1_000).map((pick) => new PoolRef(pool, 'other', pick)) },
      { weight: 3, arbitrary: random },
    );
  }
  if (!pool) return generated;
  return fc.oneof(
    { weight: 3, arbitrary: fc.nat(1_000).map((pick) => new PoolRef(pool, 'own', pick)) },
    { weight: 1, arbitrary: fc.nat(1_000).map((pick) => new PoolRef(pool, 'other', pick)) },
    { weight: 2, arbitrary: generated },
  );
}

/** A declared parameter's value that the schema allows: a real value where a pool has them. */
function validParameterValue(parameter: OperationParameter, operation: Operation, context: SchemaContext) {
  const pool = poolFor(parameter.name, operation);
  const valid = valueOf(parameter.schema, 'valid', context).filter(fitsInUrl);
  if (!pool) return valid;
  return fc.oneof(
    fc.nat(1_000).map((pick) => new PoolRef(pool, 'own', pick)),
    valid,
  );
}

/**
 * The query pairs: each declared parameter present or not, sometimes twice, plus unknown ones.
 * Half the time every value is a valid one, so that handlers with many filters are reached too.
 */
function queryOf(parameters: OperationParameter[], operation: Operation, context: SchemaContext) {
  const pairs = (value: (parameter: OperationParameter) => fc.Arbitrary<unknown>, maxRepeats: number) =>
    fc.tuple(
      ...parameters.map((parameter) =>
        fc
          .tuple(
            parameter.required ? fc.constant(true) : fc.boolean(),
            fc.array(value(parameter), { minLength: 1, maxLength: maxRepeats }),
          )
          .map(([present, values]): [string, unknown][] =>
            present ? values.map((item) => [parameter.name, item]) : [],
          ),
      ),
    );
  const valid = pairs((parameter) => validParameterValue(parameter, operation, context), 1);
  const mixed = pairs((parameter) => parameterValue(parameter, operation, context), 2);
  const unknown = fc.oneof(
    { weight: 4, arbitrary: fc.constant<[string, unknown][]>([]) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom('x', 'token', 'limit[0]', 'a[b]', '__proto__', '', '%'), anyJson)
        .map(([key, value]): [string, unknown][] => [[key, value]]),
    },
  );
  return fc.tuple(fc.oneof(valid, mixed), unknown).map(([lists, extra]) => [...lists.flat(), ...extra]);
}

function bodyOf(operation: Operation, context: SchemaContext): fc.Arbitrary<FuzzBody | undefined> {
  const none = fc.constant(undefined);
  const schema = operation.body?.schema;
  const json = (value: fc.Arbitrary<unknown>) =>
    fc.record({
      kind: fc.constant('json' as const),
      value,
      contentType: fc.constantFrom('application/json', 'application/json; charset=utf-8'),
    });
  const rawInvalid = fc.record({
    kind: fc.constant('text' as const),
    text: fc.constantFrom(...INVALID_JSON),
    contentType: fc.constant('application/json'),
  });
  if (!schema) {
    return fc.oneof(
      { weight: 12, arbitrary: none },
      { weight: 1, arbitrary: json(anyJson) },
      { weight: 1, arbitrary: rawInvalid },
    );
  }
  const valid = valueOf(schema, 'valid', context);
  return fc.oneof(
    { weight: 6, arbitrary: json(valid) },
    { weight: 8, arbitrary: json(valueOf(schema, 'near', context)) },
    { weight: 4, arbitrary: json(brokenValueOf(schema, context)) },
    { weight: 1, arbitrary: rawInvalid },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('json' as const),
        value: valid,
        contentType: fc.constantFrom(...OTHER_CONTENT_TYPES),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('json' as const),
        value: valid,
        contentType: fc.constant('application/json'),
        contentEncoding: fc.constantFrom('gzip', 'deflate', 'br', 'identity', 'x-unknown'),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('text' as const),
        text: fc.constantFrom('{"message":"\xff\xfe bad utf-8"}', 'message=hi&pageUrl=x', `"${'x'.repeat(120_000)}"`),
        contentType: fc.constantFrom(undefined, 'application/json', 'text/plain'),
        latin1: fc.constant(true),
      }),
    },
    { weight: operation.body?.required ? 1 : 3, arbitrary: none },
  );
}

export interface RequestContext extends SchemaContext {
  operation: Operation;
}

export function requestArbitrary(context: RequestContext): fc.Arbitrary<FuzzRequest> {
  const { operation } = context;
  const ofKind = (kind: OperationParameter['in']) => operation.parameters.filter((p) => p.in === kind);
  const pathParams = fc.record(
    Object.fromEntries(ofKind('path').map((p) => [p.name, parameterValue(p, operation, context)])),
  );
  const headers = fc
    .tuple(
      ...ofKind('header').map((parameter) =>
        fc
          .tuple(parameter.required ? fc.constant(true) : fc.boolean(), parameterValue(parameter, operation, context))
          .map(([present, value]): [string, unknown][] => (present ? [[parameter.name, value]] : [])),
      ),
      // Any request may come from a page: the public API decides by Origin, the owner API must ignore it.
      fc.oneof(
        { weight: 3, arbitrary: fc.constant<[string, unknown][]>([]) },
        {
          weight: 1,
          arbitrary: fc
            .oneof(
              fc.constantFrom(...ORIGINS),
              fc.nat(1_000).map((pick) => new PoolRef('origin', 'own', pick)),
            )
            .map((origin): [string, unknown][] => [['Origin', origin]]),
        },
      ),
    )
    .map((lists) => lists.flat());
  const auth = operation.owner
    ? fc.oneof(
        { weight: 18, arbitrary: fc.constant(GOOD_AUTH) },
        { weight: 1, arbitrary: fc.constant(null) },
        { weight: 1, arbitrary: fc.constantFrom(...BAD_AUTH) },
      )
    : fc.oneof(
        { weight: 9, arbitrary: fc.constant(null) },
        { weight: 1, arbitrary: fc.constantFrom(GOOD_AUTH, ...BAD_AUTH) },
      );
  return fc.record({
    auth,
    pathParams,
    query: queryOf(ofKind('query'), operation, context),
    headers,
    body: bodyOf(operation, context),
  });
}
