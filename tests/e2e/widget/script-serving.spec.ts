/**
 * How the server hands out the built script (issue 6, "Build"): one file at /widget.js, cached
 * briefly with a validator so owners get fixes without touching their snippet, loadable from any
 * site, the same bytes as widget/dist/widget.js, sent as the brotli file the build made beside it.
 */
import fs from 'node:fs';
import { WIDGET_OUTFILE } from '../../../widget/build-options';
import { expect, test } from './fixtures';

test('GET /widget.js: the built file, max-age 300 with a validator, 304 on revalidation, cross-origin', async ({
  tellbox,
  request,
}) => {
  // Playwright's request client, not fetch(): fetch adds `Cache-Control: no-cache` to conditional
  // requests, which rightly defeats the 304.
  const url = `${tellbox.server.url}/widget.js`;
  const first = await request.get(url);
  expect(first.status()).toBe(200);
  const headers = first.headers();
  expect(headers['content-type']).toBe('text/javascript; charset=utf-8');
  expect(headers['cache-control']).toBe('public, max-age=300');
  expect(headers['cross-origin-resource-policy']).toBe('cross-origin');
  expect(headers['set-cookie']).toBeUndefined();
  // Playwright asks for gzip, deflate and br, so the brotli file goes; it hands back the decoded bytes.
  expect(headers['content-encoding']).toBe('br');
  expect(headers.vary).toBe('Accept-Encoding');
  expect((await first.body()).equals(fs.readFileSync(WIDGET_OUTFILE))).toBe(true);
  // The validator is a strong ETag of the bytes sent (the brotli file's here), computed at startup.
  const etag = headers.etag;
  expect(etag).toMatch(/^"[^"]+"$/);

  const again = await request.get(url, { headers: { 'If-None-Match': etag ?? '' } });
  expect(again.status()).toBe(304);
  expect(again.headers()['cache-control']).toBe('public, max-age=300');
});
