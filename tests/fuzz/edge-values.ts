/**
 * Values at the edges of what an API is written for: the strings and numbers that break
 * parsers, databases and templates more often than random ones do.
 */
import fc from 'fast-check';

/** A piece of JSON text written into the body as is (numbers JSON.stringify cannot write, e.g. `1e999`). */
export class RawJson {
  constructor(readonly text: string) {}
}

const FIXED_EDGE_STRINGS = [
  '',
  ' ',
  '   padded   ',
  '\t\n',
  'Ünïcödé 日本語 한국어',
  'مرحبا بالعالم',
  '\u202Eevil\u202C.txt',
  'a\u0000b',
  '\u0000',
  '👍🏽👨‍👩‍👧 🚀',
  '\uD800',
  '\uDFFF lone',
  'zero\u200Bwidth\uFEFF',
  'line\r\nInjected: header',
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  '%_\\',
  '100%',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '__proto__',
  'constructor',
  'null',
  'true',
  '-0',
  '1e999',
  'NaN',
  '2024-02-30',
  '9999-12-31T23:59:59.999Z',
  '0000-01-01T00:00:00Z',
  '1970-01-01',
  '0000-01-01',
  '9999-12-31',
  'x'.repeat(10_000),
  '日'.repeat(3_000),
];

/** Edge strings, plus strings just around the schema's own length limits. */
export function edgeString(minLength = 0, maxLength?: number): fc.Arbitrary<string> {
  const lengths = [minLength - 1, minLength, maxLength, maxLength === undefined ? undefined : maxLength + 1]
    .filter((n): n is number => n !== undefined && n >= 0 && n <= 200_000)
    .map((n) => 'a'.repeat(n));
  return fc.oneof(
    fc.constantFrom(...FIXED_EDGE_STRINGS, ...lengths),
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.string({ unit: 'grapheme', maxLength: 40 }),
  );
}

/** Numbers at the edges: zero and signs, fractions for integers, beyond the safe range, and JSON's own excesses. */
export function edgeNumber(minimum?: number, maximum?: number): fc.Arbitrary<number | RawJson> {
  const bounds = [minimum, maximum]
    .filter((n): n is number => n !== undefined)
    .flatMap((n) => [n - 1, n, n + 1, n - 0.5, n + 0.5]);
  return fc.oneof(
    fc.constantFrom<number | RawJson>(
      0,
      -0,
      -1,
      1.5,
      -2_147_483_649,
      2 ** 31,
      2 ** 53 + 2,
      Number.MAX_SAFE_INTEGER,
      1e308,
      -1e308,
      5e-324,
      new RawJson('1e999'),
      new RawJson('-1e999'),
      new RawJson('123456789012345678901234567890'),
      ...bounds,
    ),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.integer(),
  );
}

/** Any JSON value at all (for a field of the wrong type, or a body of the wrong shape). */
export const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(null, true, false, 0, -1, '', 'text', [], {}, [null], { '': '' }),
  fc.jsonValue({ maxDepth: 2 }),
);
