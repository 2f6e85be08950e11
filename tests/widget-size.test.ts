/**
 * The widget's byte budget (issue 6): everything it ships, JavaScript and CSS in one file, must
 * stay within 6 KB after gzip -9. Built here from source with the real build options, so the
 * check never reads a stale `dist/`.
 */
import { gzipSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { WIDGET_GZIP_BUDGET_BYTES, buildWidgetCode } from '../widget/build-options';

describe('the built widget', () => {
  test('is at most 6 KB gzip -9', async () => {
    const code = await buildWidgetCode();
    const gzipped = gzipSync(code, { level: 9 }).length;
    const raw = Buffer.byteLength(code);
    console.log(`widget.js: ${raw} bytes raw, ${gzipped} bytes gzip -9 (budget ${WIDGET_GZIP_BUDGET_BYTES})`);
    expect(gzipped).toBeLessThanOrEqual(WIDGET_GZIP_BUDGET_BYTES);
  });

  test('is one self-contained script: no eval, no imports, no zod, no source map reference', async () => {
    const code = await buildWidgetCode();
    expect(code).not.toMatch(/\beval\(|new Function|\bimport\(|\brequire\(|sourceMappingURL/);
    expect(code).not.toMatch(/ZodError|zod/i);
    expect(code).not.toMatch(/document\.cookie|innerHTML|outerHTML|insertAdjacentHTML|document\.write/);
    expect(code.startsWith('(()=>{')).toBe(true);
  });
});
