/**
 * The customer sites of the widget tests: a tiny HTTP server on loopback that serves the fixture
 * pages of tests/fixtures/widget under any `*.test` host name (the browser maps them to
 * 127.0.0.1), so pages live on a different origin, and a different site, than the Tellbox server.
 *
 * Pages are templates: `{{WIDGET_SRC}}` is the server's /widget.js, `{{SITE_KEY}}` the `key` query
 * parameter, `{{NONCE}}` a fresh nonce per answer, `{{PAGE_LANG}}` and `{{DATA_LANG}}` the `lang`
 * and `dataLang` parameters (the page's `<html lang>` and the script tag's `data-lang`).
 * `strict-csp.html` comes with a strict Content-Security-Policy; `/spa/*` paths all answer with
 * the single-page app.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'fixtures', 'widget');
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
};

export type HostPage = 'plain' | 'hostile-css' | 'strict-csp' | 'spa' | 'languages' | 'own-button';

export interface HostPages {
  port: number;
  /** The page's URL on `host` (e.g. `shop.test`) for the widget with `siteKey`. */
  url(host: string, page: HostPage, siteKey: string, languages?: PageLanguages): string;
  close(): Promise<void>;
}

/** The strict page's policy: scripts from the Tellbox origin only; no inline script, no eval. */
export function strictCsp(widgetOrigin: string, nonce: string): string {
  return [
    "default-src 'none'",
    `script-src ${widgetOrigin}`,
    `connect-src ${widgetOrigin}`,
    `style-src 'self' 'nonce-${nonce}'`,
    "img-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "require-trusted-types-for 'script'",
  ].join('; ');
}

/** A page's `<html lang>` and its script tag's `data-lang` (absent: empty). */
export interface PageLanguages {
  lang?: string;
  dataLang?: string;
}

const escapeAttr = (value: string) => value.replace(/[^A-Za-z0-9_-]/g, (c) => `&#${c.charCodeAt(0)};`);

export async function startHostPages(widgetOrigin: string): Promise<HostPages> {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://host.test');
    if (url.pathname === '/favicon.ico') {
      res.writeHead(204).end();
      return;
    }
    const file = url.pathname.startsWith('/spa/') ? 'spa.html' : url.pathname.slice(1);
    const type = TYPES[path.extname(file)];
    if (!type || file.includes('/') || file.startsWith('.')) {
      res.writeHead(404).end();
      return;
    }
    fs.readFile(path.join(FIXTURES, file), 'utf8').then(
      (text) => {
        const nonce = randomBytes(12).toString('base64url');
        const headers: Record<string, string> = { 'Content-Type': type, 'Cache-Control': 'no-store' };
        if (file === 'strict-csp.html') headers['Content-Security-Policy'] = strictCsp(widgetOrigin, nonce);
        const body = text
          .replaceAll('{{WIDGET_SRC}}', `${widgetOrigin}/widget.js`)
          .replaceAll('{{SITE_KEY}}', escapeAttr(url.searchParams.get('key') ?? ''))
          .replaceAll('{{PAGE_LANG}}', escapeAttr(url.searchParams.get('lang') ?? ''))
          .replaceAll('{{DATA_LANG}}', escapeAttr(url.searchParams.get('dataLang') ?? ''))
          .replaceAll('{{NONCE}}', nonce);
        res.writeHead(200, headers).end(body);
      },
      () => res.writeHead(404).end(),
    );
  });
  server.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url(host, page, siteKey, languages = {}) {
      const file = page === 'spa' ? 'spa/home' : `${page}.html`;
      const query = new URLSearchParams({ key: siteKey, ...languages });
      return `http://${host}:${port}/${file}?${query}`;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
