import { mkdtempSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAppProtocolHandler } from './app-protocol';
import { APP_CONTENT_SECURITY_POLICY, contentTypeOf, resolveStaticPath } from './static-files';

/** A temp folder standing in for out/renderer, with a secret next to it that must never be served. */
const root = mkdtempSync(path.join(os.tmpdir(), 'tellbox-static-'));
const rendererDir = path.join(root, 'renderer');
const SECRET = 'top secret, outside the renderer';
const INDEX = '<!doctype html><title>Tellbox</title>';

beforeAll(async () => {
  await fs.mkdir(path.join(rendererDir, 'assets'), { recursive: true });
  await fs.mkdir(path.join(rendererDir, '.vite'), { recursive: true });
  await fs.writeFile(path.join(rendererDir, 'index.html'), INDEX);
  await fs.writeFile(path.join(rendererDir, 'assets', 'index-abc123.js'), 'console.log(1)');
  await fs.writeFile(path.join(rendererDir, 'assets', 'index-abc123.css'), 'body{}');
  await fs.writeFile(path.join(rendererDir, 'assets', 'logo.svg'), '<svg/>');
  await fs.writeFile(path.join(rendererDir, 'assets', 'font.woff2'), 'wOF2');
  await fs.writeFile(path.join(rendererDir, 'assets', 'blob.bin'), 'bytes');
  await fs.writeFile(path.join(rendererDir, '.vite', 'manifest.json'), '{}');
  await fs.writeFile(path.join(rendererDir, '.env'), 'SECRET=1');
  await fs.writeFile(path.join(root, 'secret.txt'), SECRET);
  // A sibling whose name starts with the renderer folder's: a prefix check would let it through.
  await fs.mkdir(path.join(root, 'renderer-private'));
  await fs.writeFile(path.join(root, 'renderer-private', 'key.txt'), SECRET);
});

afterAll(async () => {
  await fs.rm(root, { recursive: true, force: true });
});

function setup(readFile: (p: string) => Promise<Uint8Array> = (p) => fs.readFile(p)) {
  const reads: string[] = [];
  const handler = createAppProtocolHandler({
    rendererDir,
    readFile: (p) => {
      reads.push(p);
      return readFile(p);
    },
    getServerUrl: () => null,
    fetch: () => Promise.reject(new Error('no network in these tests')),
  });
  const get = (url: string, method = 'GET') => handler(new Request(url, { method }));
  return { get, reads };
}

describe('serving the renderer', () => {
  it('serves index.html at the root, with its CSP and no sniffing', async () => {
    const response = await setup().get('app://tellbox/');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toBe(APP_CONTENT_SECURITY_POLICY);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await response.text()).toBe(INDEX);
  });

  it.each([
    ['/assets/index-abc123.js', 'text/javascript; charset=utf-8', 'console.log(1)'],
    ['/assets/index-abc123.css', 'text/css; charset=utf-8', 'body{}'],
    ['/assets/logo.svg', 'image/svg+xml', '<svg/>'],
    ['/assets/font.woff2', 'font/woff2', 'wOF2'],
    ['/assets/blob.bin', 'application/octet-stream', 'bytes'],
    ['/assets/index%2Dabc123.js', 'text/javascript; charset=utf-8', 'console.log(1)'],
  ])('serves %s as %s', async (pathname, type, body) => {
    const response = await setup().get(`app://tellbox${pathname}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(type);
    expect(response.headers.get('content-security-policy')).toBeNull();
    expect(await response.text()).toBe(body);
  });

  it.each([
    '/feedback?widget=w_1',
    '/setup-server',
    '/settings/billing',
    '/dashboard/',
    '/payment-success?session_id=cs_1',
  ])('answers the console route %s with index.html', async (route) => {
    const response = await setup().get(`app://tellbox${route}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await response.text()).toBe(INDEX);
  });

  it('answers 404 for a missing file that has an extension', async () => {
    const response = await setup().get('app://tellbox/assets/missing-123.js');
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('<!doctype');
  });

  it('answers HEAD without a body and refuses other methods', async () => {
    const { get } = setup();
    const head = await get('app://tellbox/assets/logo.svg', 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('image/svg+xml');
    expect(await head.text()).toBe('');
    expect((await get('app://tellbox/index.html', 'POST')).status).toBe(405);
    expect((await get('app://tellbox/index.html', 'DELETE')).status).toBe(405);
  });

  it('answers 404 for another host under the scheme', async () => {
    const { get, reads } = setup();
    expect((await get('app://evil/')).status).toBe(404);
    expect((await get('app://tellbox.evil.tld/index.html')).status).toBe(404);
    expect(reads).toEqual([]);
  });

  it('says the app is not built when index.html is missing', async () => {
    const missing = Object.assign(new Error('ENOENT'), { code: 'ENOENT' });
    const response = await setup(() => Promise.reject(missing)).get('app://tellbox/feedback');
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('npm run build:renderer');
  });

  it('answers 500 when the disk fails, without leaking the error', async () => {
    const broken = Object.assign(new Error('EACCES: /home/owner/secret'), { code: 'EACCES' });
    const response = await setup(() => Promise.reject(broken)).get('app://tellbox/');
    expect(response.status).toBe(500);
    expect(await response.text()).not.toContain('/home/owner');
  });
});

/** Request URLs that try to leave the renderer folder or reach hidden files. */
const TRAVERSALS = [
  'app://tellbox/%2e%2e/secret.txt',
  'app://tellbox/%2E%2E/secret.txt',
  'app://tellbox/..%2fsecret.txt',
  'app://tellbox/..%2Fsecret.txt',
  'app://tellbox/%2e%2e%2fsecret.txt',
  'app://tellbox/assets/..%2f..%2fsecret.txt',
  'app://tellbox/assets/%2e%2e%2f%2e%2e%2fsecret.txt',
  'app://tellbox/..%5csecret.txt',
  'app://tellbox/assets/..%5c..%5csecret.txt',
  'app://tellbox/%2e%2e%5csecret.txt',
  'app://tellbox/%252e%252e/secret.txt',
  'app://tellbox/%2fetc%2fpasswd',
  'app://tellbox//etc/passwd',
  'app://tellbox///etc/passwd',
  `app://tellbox/${encodeURIComponent(path.join(root, 'secret.txt'))}`,
  'app://tellbox/C:%5cWindows%5cwin.ini',
  'app://tellbox/c:/Windows/win.ini',
  'app://tellbox/..%00/secret.txt',
  'app://tellbox/index.html%00.js',
  'app://tellbox/%e0%a4%a',
  'app://tellbox/.vite/manifest.json',
  'app://tellbox/.env',
  'app://tellbox/%2eenv',
  'app://tellbox/assets/.%2e/.%2e/secret.txt',
  'app://tellbox/..%2f..%2frenderer-private%2fkey.txt',
  'app://tellbox/%2e%2e/renderer-private/key.txt',
];

describe('path traversal', () => {
  it.each(TRAVERSALS)('refuses %s without reading outside the renderer folder', async (url) => {
    const { get, reads } = setup();
    const response = await get(url);
    const body = await response.text();
    expect(body).not.toContain(SECRET);
    expect(body).not.toContain('SECRET=1');
    expect(body).not.toContain('root:');
    for (const read of reads) expect(read.startsWith(rendererDir + path.sep)).toBe(true);
    // A refused path is a 404, except where the URL parser has already turned it into an in-app route.
    if (response.status === 200) expect(body).toBe(INDEX);
    else expect(response.status).toBe(404);
  });

  it('answers exactly 404 for every encoded traversal the URL parser leaves in place', async () => {
    const { get } = setup();
    for (const url of TRAVERSALS) {
      const { pathname } = new URL(url);
      if (pathname.includes('%') || pathname.startsWith('//') || pathname.includes('/.')) {
        expect((await get(url)).status, url).toBe(404);
      }
    }
  });
});

describe('resolveStaticPath', () => {
  const dir = path.resolve('/srv/renderer');

  it('maps pathnames inside the folder', () => {
    expect(resolveStaticPath(dir, '/')).toBe(dir);
    expect(resolveStaticPath(dir, '/assets/a.js')).toBe(path.join(dir, 'assets', 'a.js'));
    expect(resolveStaticPath(dir, '/feedback/')).toBe(path.join(dir, 'feedback'));
    expect(resolveStaticPath(dir, '/a%20b.png')).toBe(path.join(dir, 'a b.png'));
  });

  it.each([
    '/..',
    '/../x',
    '/a/../../x',
    '/%2e%2e/x',
    '/..%2fx',
    '/x%5c..%5c..',
    '//x',
    '/a//b',
    '/.git/config',
    'x',
    '/%ff',
    '/a\u0000b',
  ])('refuses %s', (pathname) => expect(resolveStaticPath(dir, pathname)).toBeNull());
});

describe('contentTypeOf', () => {
  it('knows the renderer build’s file types and falls back to bytes', () => {
    expect(contentTypeOf('a.HTML')).toBe('text/html; charset=utf-8');
    expect(contentTypeOf('a.mjs')).toBe('text/javascript; charset=utf-8');
    expect(contentTypeOf('a.png')).toBe('image/png');
    expect(contentTypeOf('a.exe')).toBe('application/octet-stream');
    expect(contentTypeOf('README')).toBe('application/octet-stream');
  });
});

describe('reads', () => {
  it('reads only inside the renderer folder for a normal page load', async () => {
    const readFile = vi.fn((p: string) => fs.readFile(p));
    const { get, reads } = setup(readFile);
    await get('app://tellbox/feedback');
    expect(reads.every((p) => p.startsWith(rendererDir + path.sep))).toBe(true);
  });
});
