/**
 * Static serving over real HTTP: a small renderer build made here (shell, hashed assets, the
 * prerendered pages and pages.json) and a widget script, precompressed by the build's own
 * function, served in the encoding each client accepts, with per-encoding ETags, 304s and the
 * cache lifetimes a browser relies on; and the owner API's JSON compressed only above 1 KB.
 */
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { precompressDir, precompressFile } from '../../server/static/precompress';
import { EVENT_STREAM_PATH } from '../../src/shared/desktop-events';
import { createApiClient } from '../helpers/api-client';
import { createOwner } from '../helpers/factories';
import { rawGet } from '../helpers/raw-get';
import { startTestServer, type TestServer } from '../helpers/start-server';

/** Text that compresses well, so every text file gets both variants. */
const filler = (label: string) => `${label} `.repeat(400);
const html = (title: string) =>
  `<!doctype html><html lang="en"><head><title>${title}</title></head><body><p>${filler(title)}</p></body></html>`;

const SITE: Record<string, string> = {
  'index.html': html('Console shell'),
  'favicon.svg': `<svg xmlns="http://www.w3.org/2000/svg"><!-- ${filler('icon')} --></svg>`,
  'assets/index-abc123.js': `console.log(${JSON.stringify(filler('script'))});`,
  'assets/index-abc123.css': `body{color:red}/* ${filler('style')} */`,
  'robots.txt': 'ok',
  '.vite/manifest.json': '{"secret":"build internals"}',
  'pages/index.html': html('Landing page'),
  'pages/login.html': html('Log in page'),
  'pages/404.html': html('Page not found'),
  'pages/pages.json': JSON.stringify({
    pages: { '/': 'index.html', '/login': 'login.html' },
    notFound: '404.html',
    appRoutes: ['/dashboard', '/settings', '/feedback/:feedbackId?'],
  }),
};
const WIDGET_CODE = `(()=>{${filler('widget();')}})();`;

let dir: string;
let server: TestServer;

async function writeSite(root: string, files: Record<string, string>) {
  for (const [name, text] of Object.entries(files)) {
    await fs.mkdir(path.dirname(path.join(root, name)), { recursive: true });
    await fs.writeFile(path.join(root, name), text);
  }
}

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tellbox-static-'));
  const rendererDir = path.join(dir, 'renderer');
  const widgetFile = path.join(dir, 'widget.js');
  await writeSite(rendererDir, SITE);
  await fs.writeFile(widgetFile, WIDGET_CODE);
  await precompressDir(rendererDir);
  await precompressFile(widgetFile);
  server = await startTestServer({ staticPaths: { rendererDir, widgetFile } });
});
afterAll(async () => {
  await server.close();
  await fs.rm(dir, { recursive: true, force: true });
});

const get = (urlPath: string, headers: Record<string, string> = {}, method = 'GET') =>
  rawGet(`${server.url}${urlPath}`, headers, method);

/** The body as a browser would read it, whatever the coding. */
function decoded(answer: { headers: Record<string, unknown>; body: Buffer }): string {
  const coding = answer.headers['content-encoding'];
  if (coding === 'br') return zlib.brotliDecompressSync(answer.body).toString();
  if (coding === 'gzip') return zlib.gunzipSync(answer.body).toString();
  expect(coding).toBeUndefined();
  return answer.body.toString();
}

describe('build-time compression', () => {
  test('writes .br and .gz beside each text file when smaller, inside pages/ too, and none for a tiny file', async () => {
    const names = await fs.readdir(path.join(dir, 'renderer'), { recursive: true });
    for (const file of ['index.html', 'assets/index-abc123.js', 'pages/login.html', 'pages/404.html']) {
      expect(names).toContain(`${file}.br`);
      expect(names).toContain(`${file}.gz`);
    }
    expect(names).not.toContain('robots.txt.br');
    expect(names).not.toContain('robots.txt.gz');
    expect(names).not.toContain('.vite/manifest.json.br');
  });
});

describe('encoding negotiation', () => {
  const JS = '/assets/index-abc123.js';

  test.each([
    ['br, gzip', 'br'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0.5, gzip', 'gzip'],
    ['br;q=0, gzip;q=0.1', 'gzip'],
    ['*', 'br'],
    ['*;q=0.5, br;q=0', 'gzip'],
    ['identity', undefined],
    ['br;q=0, gzip;q=0', undefined],
    ['', undefined],
  ])('Accept-Encoding "%s" → %s', async (acceptEncoding, coding) => {
    const answer = await get(JS, acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {});
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe(coding);
    expect(answer.headers.vary).toBe('Accept-Encoding');
    expect(answer.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
    expect(decoded(answer)).toBe(SITE['assets/index-abc123.js']);
  });

  test('without an Accept-Encoding header the file goes as it is', async () => {
    const answer = await get(JS);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.body.toString()).toBe(SITE['assets/index-abc123.js']);
  });

  test('a file without variants is sent as it is, without Vary', async () => {
    const answer = await get('/robots.txt', { 'Accept-Encoding': 'br, gzip' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.headers.vary).toBeUndefined();
    expect(answer.body.toString()).toBe('ok');
  });

  test('a missing variant falls back to the next coding', async () => {
    const rendererDir = path.join(dir, 'renderer');
    await fs.rm(path.join(rendererDir, 'favicon.svg.br'));
    const other = await startTestServer({ staticPaths: { rendererDir, widgetFile: path.join(dir, 'widget.js') } });
    try {
      const answer = await rawGet(`${other.url}/favicon.svg`, { 'Accept-Encoding': 'br, gzip' });
      expect(answer.headers['content-encoding']).toBe('gzip');
      expect(decoded(answer)).toBe(SITE['favicon.svg']);
    } finally {
      await other.close();
      await precompressDir(rendererDir);
    }
  });

  test('a variant left from another build (not the same bytes) is never sent', async () => {
    const rendererDir = path.join(dir, 'renderer');
    const widgetFile = path.join(dir, 'widget.js');
    await fs.writeFile(widgetFile, `${WIDGET_CODE}/* changed, variants not rebuilt */`);
    const other = await startTestServer({ staticPaths: { rendererDir, widgetFile } });
    try {
      const answer = await rawGet(`${other.url}/widget.js`, { 'Accept-Encoding': 'br, gzip' });
      expect(answer.headers['content-encoding']).toBeUndefined();
      expect(answer.body.toString()).toContain('changed, variants not rebuilt');
    } finally {
      await other.close();
      await fs.writeFile(widgetFile, WIDGET_CODE);
    }
  });
});

describe('validators and caching', () => {
  const JS = '/assets/index-abc123.js';

  test('each encoding has its own strong ETag; 304 only for the one the client holds', async () => {
    const br = await get(JS, { 'Accept-Encoding': 'br' });
    const gzip = await get(JS, { 'Accept-Encoding': 'gzip' });
    const identity = await get(JS);
    const etags = [br, gzip, identity].map((answer) => answer.headers.etag);
    for (const etag of etags) expect(etag).toMatch(/^"[^"]+"$/);
    expect(new Set(etags).size).toBe(3);

    const again = await get(JS, { 'Accept-Encoding': 'br', 'If-None-Match': br.headers.etag ?? '' });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(br.headers.etag);
    expect(again.headers.vary).toBe('Accept-Encoding');
    expect(again.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    // The client holds the gzip bytes but now asks for brotli: it needs the brotli bytes.
    const switched = await get(JS, { 'Accept-Encoding': 'br', 'If-None-Match': gzip.headers.etag ?? '' });
    expect(switched.status).toBe(200);
    expect(switched.headers['content-encoding']).toBe('br');
    expect(switched.headers.etag).toBe(br.headers.etag);
  });

  test('HEAD: the same headers as GET, no body', async () => {
    const getAnswer = await get(JS, { 'Accept-Encoding': 'gzip' });
    const head = await get(JS, { 'Accept-Encoding': 'gzip' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    for (const name of ['content-length', 'content-type', 'content-encoding', 'etag', 'vary', 'cache-control']) {
      expect(head.headers[name]).toBe(getAnswer.headers[name]);
    }
  });

  test('hashed assets are immutable for a year; unhashed files are revalidated', async () => {
    expect((await get('/assets/index-abc123.css')).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
    expect((await get('/assets/index-abc123.css')).headers['content-type']).toBe('text/css; charset=utf-8');
    expect((await get('/favicon.svg')).headers['cache-control']).toBe('no-cache');
  });

  test('/widget.js: max-age 300, cross-origin, a strong ETag and 304 on revalidation', async () => {
    const first = await get('/widget.js', { 'Accept-Encoding': 'br, gzip' });
    expect(first.status).toBe(200);
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(first.headers['cache-control']).toBe('public, max-age=300');
    expect(first.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(first.headers['content-security-policy']).toBeUndefined();
    expect(first.headers.etag).toMatch(/^"[^"]+"$/);
    expect(decoded(first)).toBe(WIDGET_CODE);

    const again = await get('/widget.js', { 'Accept-Encoding': 'br, gzip', 'If-None-Match': first.headers.etag ?? '' });
    expect(again.status).toBe(304);
    expect(again.headers['cache-control']).toBe('public, max-age=300');
  });
});

describe('pages', () => {
  test.each([
    ['/', 'Landing page'],
    ['/login', 'Log in page'],
    ['/login/', 'Log in page'],
    ['/dashboard', 'Console shell'],
    ['/settings', 'Console shell'],
    ['/feedback', 'Console shell'],
    ['/feedback/f1', 'Console shell'],
  ])('%s → 200 with %s, no-cache, the console security headers', async (urlPath, title) => {
    const answer = await get(urlPath, { 'Accept-Encoding': 'br' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['cache-control']).toBe('no-cache');
    expect(answer.headers['x-frame-options']).toBe('DENY');
    expect(answer.headers['content-security-policy']).toContain("script-src 'self'");
    expect(decoded(answer)).toContain(`<title>${title}</title>`);
  });

  test('an unknown path gets the not-found page with status 404', async () => {
    for (const urlPath of [
      '/no-such-page',
      '/dashboard/extra',
      '/feedback/f1/extra',
      '/pages/login.html',
      '/pages/pages.json',
    ]) {
      const answer = await get(urlPath, { 'Accept-Encoding': 'gzip' });
      expect(answer.status, urlPath).toBe(404);
      expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(answer.headers['x-frame-options']).toBe('DENY');
      expect(decoded(answer)).toContain('<title>Page not found</title>');
    }
    const head = await get('/no-such-page', {}, 'HEAD');
    expect(head.status).toBe(404);
    expect(head.body.length).toBe(0);
  });

  test('build internals are never served; a missing asset is a plain 404, not a page', async () => {
    const internals = await get('/.vite/manifest.json');
    expect(internals.status).toBe(404);
    expect(internals.body.toString()).not.toContain('build internals');
    const missing = await get('/assets/missing.js');
    expect(missing.status).toBe(404);
    expect(missing.headers['content-type']).toMatch(/^application\/json/);
  });

  test('without pages.json (an older build) every path gets the console shell', async () => {
    const olderDir = path.join(dir, 'older');
    await writeSite(olderDir, { 'index.html': SITE['index.html'] ?? '' });
    await precompressDir(olderDir);
    const other = await startTestServer({ staticPaths: { rendererDir: olderDir, widgetFile: path.join(dir, 'none') } });
    try {
      for (const urlPath of ['/', '/login', '/anything']) {
        const answer = await rawGet(`${other.url}${urlPath}`, { 'Accept-Encoding': 'gzip' });
        expect(answer.status).toBe(200);
        expect(decoded(answer)).toContain('<title>Console shell</title>');
      }
    } finally {
      await other.close();
    }
  });
});

describe('owner API JSON', () => {
  test('an answer above 1 KB is compressed, one below is not', async () => {
    const plans = await get('/api/public/plans', { 'Accept-Encoding': 'br, gzip' });
    expect(plans.status).toBe(200);
    expect(decoded(plans).length).toBeGreaterThan(1024);
    expect(plans.headers['content-encoding']).toBe('br');
    expect(plans.headers.vary).toContain('Accept-Encoding');
    expect(JSON.parse(decoded(plans))).toHaveProperty('plans');

    const health = await get('/api/health', { 'Accept-Encoding': 'br, gzip' });
    expect(health.body.length).toBeLessThan(1024);
    expect(health.headers['content-encoding']).toBeUndefined();
  });
});

describe('the owner event stream', () => {
  test('is never compressed: the opening retry and each heartbeat arrive as they are written', async () => {
    const streaming = await startTestServer({ app: { eventStream: { heartbeatMs: 100 } } });
    try {
      const owner = await createOwner(streaming, createApiClient(streaming.url));
      const received: string[] = [];
      const request = http.get(`${streaming.url}${EVENT_STREAM_PATH}`, {
        headers: { Authorization: `Bearer ${owner.token}`, 'Accept-Encoding': 'br, gzip' },
      });
      const response = await new Promise<http.IncomingMessage>((resolve) => request.once('response', resolve));
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => received.push(chunk));
      await expect.poll(() => received.join(''), { timeout: 3_000 }).toMatch(/retry: \d+[\s\S]*: heartbeat/);
      expect(response.headers['content-type']).toMatch(/^text\/event-stream/);
      expect(response.headers['content-encoding']).toBeUndefined();
      request.destroy();
    } finally {
      await streaming.close();
    }
  });
});
