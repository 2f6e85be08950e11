import { describe, expect, test } from 'vitest';
import { neutraliseFormulas } from './csv-formulas';

describe('neutraliseFormulas', () => {
  test.each([
    ['=1+1', "'=1+1"],
    ['+1', "'+1"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\rCR', "'\rCR"],
    ['\uFF1D1+1', "'\uFF1D1+1"],
    ['\uFF0B1', "'\uFF0B1"],
    ['\uFF0D1', "'\uFF0D1"],
    ['\uFF20SUM(A1)', "'\uFF20SUM(A1)"],
    // A tab is both a formula character and a separator: what follows it is a cell of its own.
    ['\t=1', "'\t'=1"],
  ])('prefixes a cell that starts a formula: %j', (typed, exported) => {
    expect(neutraliseFormulas(typed)).toBe(exported);
  });

  test.each([
    ['Great;=1+1', "Great;'=1+1"],
    ['x,=HYPERLINK("http://evil.example")', 'x,\'=HYPERLINK("http://evil.example")'],
    ['a\t+1', "a\t'+1"],
    ['first line\n@SUM(A1)', "first line\n'@SUM(A1)"],
    ['first line\r\n-1+1', "first line\r\n'-1+1"],
    ['one;=1,=2', "one;'=1,'=2"],
  ])(
    'prefixes a formula after a separator or a line break, where another reader starts a cell: %j',
    (typed, exported) => {
      expect(neutraliseFormulas(typed)).toBe(exported);
    },
  );

  test.each([
    [' =1+1', "' =1+1"],
    ['Great; =1+1', "Great;' =1+1"],
    ['Great;"=1+1"', 'Great;\'"=1+1"'],
    ['\u00A0\u3000\uFF1D1', "'\u00A0\u3000\uFF1D1"],
  ])('looks past the blanks and quotes a spreadsheet skips: %j', (typed, exported) => {
    expect(neutraliseFormulas(typed)).toBe(exported);
  });

  test.each([
    'Love the new pricing page!',
    'a-b, x=1; e-mail a+b@example.com',
    '2030-05-10T09:00:00.000Z',
    'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0',
    'https://shop.example.com/a?b=1,2&c="3"',
    'Commas, "quotes"\nand a second line',
    '',
  ])('leaves text with no formula in it as it is: %j', (text) => {
    expect(neutraliseFormulas(text)).toBe(text);
  });
});
