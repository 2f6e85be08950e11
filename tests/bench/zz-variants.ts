// Temporary: repeat-visit medians for variants of the widget against the bare baseline.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Page } from '@playwright/test';
import { TEST_HOSTS_RULE, chromiumLaunchOptions } from '../e2e/chromium';
import { startTestServer } from '../helpers/start-server';
import { createApiClient } from '../helpers/api-client';
import { createOwner, createWidget } from '../helpers/factories';
import { WIDGET_OUTFILE } from '../../widget/build-options';
const server = await startTestServer({ staticPaths: { rendererDir: '/nonexistent', widgetFile: WIDGET_OUTFILE } });
const api = createApiClient(server.url);
const owner = await createOwner(server, api, { plan: 'premium' });
const widget = await createWidget(api, owner);
const cfg = `${server.url}/api/public/widget/${widget.key}`;
const base = fs.readFileSync(WIDGET_OUTFILE, 'utf8');
const scripts: Record<string, string> = {
  baseline: `performance.mark('tellbox:start');fetch(${JSON.stringify(cfg)},{credentials:'omit'}).then(r=>r.json()).then(()=>{const h=document.createElement('div');const b=document.createElement('button');b.textContent='Feedback';h.attachShadow({mode:'open'}).append(b);document.documentElement.append(h);requestAnimationFrame(()=>setTimeout(()=>performance.mark('tellbox:launcher'),0))})`,
  widget: base,
  noshadow: base.replace('box-shadow:0 4px 14px rgba(0,0,0,.25)', 'box-shadow:none'),
  nosvg: base.replace('svg{width:20px;height:20px;fill:currentColor}', 'svg{display:none}'),
  shadow6: base.replace('box-shadow:0 4px 14px rgba(0,0,0,.25)', 'box-shadow:0 2px 6px rgba(0,0,0,.3)'),
  widget2: base,
};
const site = http.createServer((q, r) => {
  const name = (q.url ?? '').slice(1).replace('.js', '');
  if (q.url?.endsWith('.js')) return void r.writeHead(200, { 'content-type': 'text/javascript', 'cache-control': 'max-age=300' }).end(scripts[name]);
  const src = name === 'baseline' ? '/baseline.js' : `${server.url}/v-${name}.js`;
  r.writeHead(200, { 'content-type': 'text/html' }).end(`<!doctype html><html><body><h1>Shop</h1><script src="${src}" data-site-key="${widget.key}" async></script></body></html>`);
}).listen(0, '127.0.0.1');
await new Promise((r) => site.once('listening', r));
const url = (n: string) => `http://shop.test:${(site.address() as AddressInfo).port}/${n}`;
const browser = await chromium.launch(chromiumLaunchOptions([TEST_HOSTS_RULE]));
const read = async (p: Page) => { await new Promise((r) => setTimeout(r, 250)); return p.evaluate(() => performance.getEntriesByName('tellbox:launcher')[0]!.startTime - performance.getEntriesByName('tellbox:start')[0]!.startTime); };
const res: Record<string, number[]> = {};
for (let i = 0; i < 16; i++) for (const n of Object.keys(scripts)) {
  const ctx = await browser.newContext(); const p = await ctx.newPage();
  await p.route(`${server.url}/v-*.js`, (route) => route.fulfill({ contentType: 'text/javascript', body: scripts[new URL(route.request().url()).pathname.slice(3, -3)] }));
  await p.goto(url(n)); await read(p); await p.goto(url(n)); (res[n] ??= []).push(await read(p)); await ctx.close();
}
for (const [k, v] of Object.entries(res)) { v.sort((a, b) => a - b); console.log(k.padEnd(10), 'median', ((v[7]! + v[8]!) / 2).toFixed(1)); }
await browser.close(); site.close(); await server.close();
