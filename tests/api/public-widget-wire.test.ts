/**
 * The public widget API as it crosses the wire, on Node's bare request path: the config
 * compressed as the browser accepts, revalidated with 304s, refused with 429s under ceilings an
 * admin can raise (RATE_LIMIT_FACTOR, RATE_LIMIT_<RULE>), and a cached answer that costs no Promise.
 */
import { createHook } from 'node:async_hooks';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, test } from 'vitest';
import type { ApiErrorBody, PublicWidgetConfig, Widget } from '../../src/shared/api';
import { TOO_MANY_REQUESTS } from '../../server/lib/rate-limit';
import { createApiClient, type ApiClient } from '../helpers/api-client';
import { from } from '../helpers/rate-limited';
import { rawGet, requestRaw, type RawAnswer } from '../helpers/raw-get';
import { createOwner, createWidget, validFeedback, validPost, type TestOwner } from '../helpers/factories';
import { startTestServer, type TestServer, type TestServerOptions } from '../helpers/start-server';

const started: TestServer[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((server) => server.close()));
});

/** The start of a minute: the public limits' windows are minutes of the server's clock. */
const WINDOW_START = new Date('2030-05-10T09:00:00.000Z');

async function start(options: TestServerOptions = {}) {
  const server = await startTestServer(options);
  // With limits on, the server's clock stands still at the start of a window: no test's requests
  // straddle two windows, wherever the wall clock's minute falls.
  if (options.rateLimits) server.clock.freeze(WINDOW_START);
  started.push(server);
  const api = createApiClient(server.url);
  const owner = await createOwner(server, api, { plan: 'premium' });
  return { server, api, owner, widget: await createWidget(api, owner) };
}

const configPath = (key: string) => `/api/public/widget/${encodeURIComponent(key)}`;

const get = (url: string, headers: Record<string, string> = {}) => rawGet(url, headers);

/** Enough published posts that the config passes the 1 KB above which it is compressed. */
async function publishPosts(api: ApiClient, owner: TestOwner, widget: Widget, count: number) {
  for (let i = 0; i < count; i += 1) {
    const post = {
      ...validPost(widget._id),
      title: `Release ${i}`,
      content: `What changed in release ${i}. `.repeat(4),
    };
    expect((await api.post('/api/post', post, { token: owner.token })).status).toBe(201);
  }
}

describe('the config on the wire', () => {
  test('is sent brotli or gzip as accepted, each with its own ETag and a 304 on revalidation', async () => {
    const { server, api, owner, widget } = await start();
    await publishPosts(api, owner, widget, 6);
    const url = `${server.url}${configPath(widget.key)}`;

    const plain = await get(url);
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    const config = JSON.parse(plain.body.toString()) as PublicWidgetConfig;
    expect(config.posts).toHaveLength(6);

    const br = await get(url, { 'Accept-Encoding': 'gzip, deflate, br, zstd' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/Accept-Encoding/);
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(br.body.length).toBeLessThan(plain.body.length / 2);
    expect(JSON.parse(brotliDecompressSync(br.body).toString())).toEqual(config);

    const gzip = await get(url, { 'Accept-Encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.body).toString())).toEqual(config);
    // Brotli refused outright: gzip, though listed after it.
    expect((await get(url, { 'Accept-Encoding': 'br;q=0, gzip' })).headers['content-encoding']).toBe('gzip');

    const etags = [plain, br, gzip].map((answer) => answer.headers.etag);
    expect(new Set(etags).size).toBe(3);
    // A repeat visit revalidates: 304 without a body, for the encoding the browser holds.
    const again = await get(url, { 'Accept-Encoding': 'br, gzip', 'If-None-Match': br.headers.etag ?? '' });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers['access-control-allow-origin']).toBe('*');
    // The plain body's tag doesn't stand for the brotli one.
    expect((await get(url, { 'Accept-Encoding': 'br', 'If-None-Match': plain.headers.etag ?? '' })).status).toBe(200);
  });

  test("a config without posts, every word of the widget's language included, is under 1 KB brotli", async () => {
    const { server, widget } = await start();
    for (const lang of ['en', 'de']) {
      const url = `${server.url}${configPath(widget.key)}?lang=${lang}`;
      const answer = await get(url, { 'Accept-Encoding': 'br, gzip' });
      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding']).toBe('br');
      expect(answer.body.length).toBeLessThan(1024);
      const config = JSON.parse(brotliDecompressSync(answer.body).toString()) as PublicWidgetConfig;
      expect(config.lang).toBe(lang);
    }
  });

  test('a cached config is answered without creating a single Promise on the server', async () => {
    // Promises made on behalf of the connections the server accepts: by their sockets' callbacks,
    // and by what those start in turn (triggerAsyncId). Timers and sockets started elsewhere, here
    // or by an earlier suite in this worker (the API suites share their workers), are not the
    // request's work even when they run during it: one such once made 14 promises in the middle of it.
    const listening = new Set<number>();
    const served = new Set<number>();
    let counting = false;
    let promises = 0;
    const hook = createHook({
      init(id, type, trigger) {
        if (type === 'TCPSERVERWRAP') listening.add(id);
        if (!served.has(trigger) && !(type === 'TCPWRAP' && listening.has(trigger))) return;
        served.add(id);
        if (counting && type === 'PROMISE') promises += 1;
      },
    }).enable();
    try {
      // The alert and webhook loops stay asleep: their timers would count, though no request runs them.
      const { server, widget } = await start({
        rateLimits: true,
        app: { alertsEveryMs: 3_600_000, deliveriesEveryMs: 3_600_000 },
      });
      const url = `${server.url}${configPath(widget.key)}`;
      const headers = { Origin: 'https://shop.example.com' };
      // The first request loads the widget and registers the site; the second is served from memory.
      expect((await get(url, headers)).status).toBe(200);
      expect(served.size, 'the server accepted the connection').toBeGreaterThan(0);
      // Counting starts on the next turn, once this test's own await has made its promise. Only
      // what the counted request's own connection starts counts: the first request's work may
      // still be finishing (its socket's callbacks), and that is not this request's. A fresh
      // connection (no keep-alive agent) so the two never share one.
      const answer = await new Promise<RawAnswer>((resolve, reject) => {
        setImmediate(() => {
          served.clear();
          counting = true;
          requestRaw(
            url,
            { headers, agent: false },
            (done) => {
              counting = false;
              resolve(done);
            },
            (error) => {
              counting = false;
              reject(error);
            },
          );
        });
      });
      expect(answer.status).toBe(200);
      expect(promises).toBe(0);
    } finally {
      hook.disable();
    }
  });
});

describe('rate limits a load test can raise', () => {
  test('a config ceiling of its own (RATE_LIMIT_PUBLIC_CONFIG_PER_IP) refuses the next GET with the usual 429', async () => {
    const { server, widget } = await start({ rateLimits: true, env: { RATE_LIMIT_PUBLIC_CONFIG_PER_IP: '5' } });
    const url = `${server.url}${configPath(widget.key)}`;
    for (let i = 0; i < 5; i += 1) expect((await get(url)).status).toBe(200);
    const limited = await get(url);
    expect(limited.status).toBe(429);
    expect(JSON.parse(limited.body.toString())).toEqual({ message: TOO_MANY_REQUESTS });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(limited.headers['access-control-allow-origin']).toBe('*');
  });

  test('RATE_LIMIT_FACTOR multiplies the feedback ceiling; every 201 is a stored row', async () => {
    const { server, api, widget } = await start({ rateLimits: true, env: { RATE_LIMIT_FACTOR: '2' } });
    const path = `${configPath(widget.key)}/feedback`;
    const statuses: number[] = [];
    for (let i = 0; i < 21; i += 1) statuses.push((await api.post(path, validFeedback({ message: `n${i}` }))).status);
    expect(statuses).toEqual([...Array<number>(20).fill(201), 429]);
    const rows = await server.db.selectFrom('feedback').select('id').where('widget_id', '=', widget._id).execute();
    expect(rows).toHaveLength(20);
  });

  test('the widget ceiling counts after the address ceiling: a refused address costs the widget nothing', async () => {
    const { api, widget } = await start({
      rateLimits: true,
      env: { TRUST_PROXY: '1', RATE_LIMIT_FEEDBACK_PER_IP: '2', RATE_LIMIT_FEEDBACK_PER_WIDGET: '3' },
    });
    const send = async (address: string) =>
      (await api.post<ApiErrorBody>(`${configPath(widget.key)}/feedback`, validFeedback(), from(address))).status;
    const first = [await send('203.0.113.1'), await send('203.0.113.1'), await send('203.0.113.1')];
    // Two pass and the third is refused for its address, so the widget has used 2 of its 3.
    expect(first).toEqual([201, 201, 429]);
    expect([await send('203.0.113.2'), await send('203.0.113.2')]).toEqual([201, 429]);
  });
});
