/**
 * What ends a line in typed text. Mail clients and readers break lines at more than LF: a bare CR,
 * CRLF, NEL (U+0085), the Unicode line and paragraph separators, and in some clients vertical tab
 * and form feed. Text split or flattened at LF alone lets any of the others start a line of its
 * own, outside its quote, that reads as Tellbox speaking.
 */
const LINE_BREAK = /\r\n|[\n\v\f\r\u0085\u2028\u2029]/;

/** A run of blanks (line breaks among them or not): `singleLine` turns one holding a break into a space. */
const BLANKS = /[\s\u0085]+/g;

/** The lines of typed text, split at every kind of line break. */
export function splitLines(text: string): string[] {
  return text.split(LINE_BREAK);
}

/** Typed text on one line: each run of line breaks becomes one space (for names and other small print). */
export function singleLine(text: string): string {
  // One pass over runs of blanks, so a long run without a break costs no more than its length.
  return text.replace(BLANKS, (run) => (LINE_BREAK.test(run) ? ' ' : run)).trim();
}
