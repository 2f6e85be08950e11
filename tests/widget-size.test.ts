/**
 * The widget's byte budget (issues 6 and 17): everything it ships, JavaScript and CSS in one file,
 * must stay within 6 KB gzip -9 and 5 KB brotli, as the server sends it. Built here from source
 * with the real build options, and compressed by the build's own code, so the check never reads
 * a stale `dist/`.
 */
import { describe, expect, test } from 'vitest';
import { ENCODINGS } from '../server/static/precompress';
import { WIDGET_BROTLI_BUDGET_BYTES, WIDGET_GZIP_BUDGET_BYTES, buildWidgetCode } from '../widget/build-options';

const BUDGETS = { br: WIDGET_BROTLI_BUDGET_BYTES, gzip: WIDGET_GZIP_BUDGET_BYTES };

describe('the built widget', () => {
  test('is at most 6 KB gzip -9 and 5 KB brotli', async () => {
    const code = Buffer.from(await buildWidgetCode());
    const sizes: string[] = [];
    for (const { name, compress } of ENCODINGS) {
      const bytes = (await compress(code)).length;
      sizes.push(`${bytes} bytes ${name} (budget ${BUDGETS[name]})`);
      expect(bytes, name).toBeLessThanOrEqual(BUDGETS[name]);
    }
    console.log(`widget.js: ${code.length} bytes raw, ${sizes.join(', ')}`);
  });

  test('is one self-contained script: no eval, no imports, no zod, no source map reference', async () => {
    const code = await buildWidgetCode();
    expect(code).not.toMatch(/\beval\(|new Function|\bimport\(|\brequire\(|sourceMappingURL/);
    expect(code).not.toMatch(/ZodError|zod/i);
    expect(code).not.toMatch(/document\.cookie|innerHTML|outerHTML|insertAdjacentHTML|document\.write/);
    expect(code.startsWith('(()=>{')).toBe(true);
  });

  test('carries no words of its own: they come with the config, in the visitor language', async () => {
    const code = await buildWidgetCode();
    for (const words of ['Support Widget', 'Tell us what you think', 'Please enter your feedback', 'Invalid email']) {
      expect(code).not.toContain(words);
    }
  });
});
