import { describe, expect, test } from 'vitest';
import { singleLine, splitLines } from './line-breaks';

/** Every character some mail client or reader shows as the start of a new line, and CRLF. */
const BREAKS = { LF: '\n', CR: '\r', CRLF: '\r\n', VT: '\v', FF: '\f', NEL: '\u0085', LS: '\u2028', PS: '\u2029' };

describe('splitLines', () => {
  test.each(Object.entries(BREAKS))('ends a line at %s', (_, lineBreak) => {
    expect(splitLines(`hello${lineBreak}Tellbox: click`)).toEqual(['hello', 'Tellbox: click']);
  });

  test('keeps empty lines, and a CRLF is one break, not two', () => {
    expect(splitLines('a\r\n\r\nb\n')).toEqual(['a', '', 'b', '']);
    expect(splitLines('a\n\rb')).toEqual(['a', '', 'b']);
  });
});

describe('singleLine', () => {
  test.each(Object.entries(BREAKS))('turns %s into a space', (_, lineBreak) => {
    expect(singleLine(`Ada${lineBreak}Tellbox Security`)).toBe('Ada Tellbox Security');
  });

  test('collapses a run of breaks and the blanks around it into one space, and drops them at the ends', () => {
    expect(singleLine('\nAda \r\n\u2028\u0085 \tLovelace\r')).toBe('Ada Lovelace');
  });

  test('leaves a name without line breaks as it is, inner spaces and tabs included', () => {
    expect(singleLine('Zoë  "Z"\tSmith')).toBe('Zoë  "Z"\tSmith');
  });
});
