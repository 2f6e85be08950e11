/**
 * The `/api/*` proxy for real: the protocol handler with Node's fetch, against the real Tellbox
 * app on a loopback port and against bare HTTP servers that show what arrives and how.
 */
import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../../tests/helpers/api-client';
import { createOwner, VALID_WIDGET, type TestOwner } from '../../../tests/helpers/factories';
import { startTestServer, type TestServer } from '../../../tests/helpers/start-server';
import { createAppProtocolHandler, registerAppScheme, APP_SCHEME_PRIVILEGES } from './app-protocol';
import { forwardRequestHeaders, NO_SERVER_MESSAGE } from './api-proxy';

function handlerFor(serverUrl: string | null, fetchImpl: typeof fetch = fetch) {
  return createAppProtocolHandler({
    rendererDir: '/nonexistent/renderer',
    readFile: () => Promise.reject(new Error('no files in these tests')),
    getServerUrl: () => serverUrl,
    fetch: fetchImpl,
  });
}

/** A bare HTTP server whose answer each test sets; it records what it received. */
async function startBareServer(respond: (req: http.IncomingMessage, res: http.ServerResponse, body: Buffer) => void) {
  const received: Array<{ method?: string; url?: string; headers: IncomingHttpHeaders; body: string }> = [];
  const closed: string[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      received.push({ method: req.method, url: req.url, headers: req.headers, body: body.toString() });
      respond(req, res, body);
    });
    res.on('close', () => closed.push(req.url ?? ''));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    closed,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A port nothing listens on (a server bound it, then let go). */
async function closedPortUrl(): Promise<string> {
  const bare = await startBareServer((_req, res) => res.end());
  await bare.close();
  return bare.url;
}

describe('without a usable server', () => {
  it('answers 503 with the setup message before a server is chosen', async () => {
    const response = await handlerFor(null)(new Request('app://tellbox/api/health'));
    expect(response.status).toBe(503);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(await response.json()).toEqual({ message: NO_SERVER_MESSAGE });
  });

  it('answers 503 for a stored value that is not an http(s) URL, and never fetches it', async () => {
    const fetchSpy = vi.fn(fetch);
    for (const serverUrl of ['file:///etc', 'not a url', 'app://tellbox']) {
      const response = await handlerFor(serverUrl, fetchSpy)(new Request('app://tellbox/api/health'));
      expect(response.status).toBe(503);
    }
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('answers 502 with a clear message when the server cannot be reached', async () => {
    const url = await closedPortUrl();
    const response = await handlerFor(url)(new Request('app://tellbox/api/health'));
    expect(response.status).toBe(502);
    const body = (await response.json()) as { message: string };
    expect(body.message).toContain(url);
    expect(body.message).toMatch(/could not be reached/);
  });
});

describe('against the real Tellbox app', () => {
  let server: TestServer;
  let owner: TestOwner;
  let handle: (request: Request) => Promise<Response>;

  beforeAll(async () => {
    server = await startTestServer();
    owner = await createOwner(server, createApiClient(server.url), { plan: 'premium' });
    handle = handlerFor(server.url);
  });
  afterAll(() => server.close());

  it('proxies GET /api/health', async () => {
    const response = await handle(new Request('app://tellbox/api/health'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(await response.json()).toMatchObject({ status: 'ok', database: 'ok' });
  });

  it('passes the Bearer header through for an authenticated call', async () => {
    const response = await handle(
      new Request('app://tellbox/api/user', { headers: { Authorization: `Bearer ${owner.token}` } }),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ user: { email: owner.email } });

    const anonymous = await handle(new Request('app://tellbox/api/user'));
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toHaveProperty('message');
  });

  it('passes a POST body through, and the server acts on it', async () => {
    const response = await handle(
      new Request('app://tellbox/api/widget', {
        method: 'POST',
        headers: { Authorization: `Bearer ${owner.token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ ...VALID_WIDGET, name: 'Proxied widget' }),
      }),
    );
    expect(response.status).toBe(201);
    const created = (await response.json()) as { widget: { _id: string; name: string } };
    expect(created.widget.name).toBe('Proxied widget');

    const list = await handle(
      new Request('app://tellbox/api/widget', { headers: { Authorization: `Bearer ${owner.token}` } }),
    );
    expect(JSON.stringify(await list.json())).toContain(created.widget._id);
  });

  it('streams a request body that arrives in pieces (duplex: half)', async () => {
    const json = JSON.stringify({ ...VALID_WIDGET, name: 'Streamed widget' });
    const pieces = [json.slice(0, 10), json.slice(10, 25), json.slice(25)];
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const piece of pieces) controller.enqueue(new TextEncoder().encode(piece));
        controller.close();
      },
    });
    const response = await handle(
      new Request('app://tellbox/api/widget', {
        method: 'POST',
        headers: { Authorization: `Bearer ${owner.token}`, 'Content-Type': 'application/json' },
        body,
        duplex: 'half',
      }),
    );
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ widget: { name: 'Streamed widget' } });
  });

  it('passes the server’s errors through as they are', async () => {
    const response = await handle(
      new Request('app://tellbox/api/widget', {
        method: 'POST',
        headers: { Authorization: `Bearer ${owner.token}`, 'Content-Type': 'application/json' },
        body: '{"name":',
      }),
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toHaveProperty('message');
    expect((await handle(new Request('app://tellbox/api/no-such-route'))).status).toBe(401);
  });
});

describe('what crosses the proxy', () => {
  let bare: Awaited<ReturnType<typeof startBareServer>>;
  let respond: (req: http.IncomingMessage, res: http.ServerResponse) => void;

  beforeAll(async () => {
    bare = await startBareServer((req, res) => respond(req, res));
  });
  afterAll(() => bare.close());
  afterEach(() => {
    bare.received.length = 0;
  });

  it('keeps the method, path and query, and the request’s own headers', async () => {
    respond = (_req, res) => res.end('ok');
    const handle = handlerFor(bare.url);
    for (const method of ['GET', 'PUT', 'PATCH', 'DELETE']) {
      const response = await handle(
        new Request('app://tellbox/api/widget/w_1?page=2&q=a%20b', {
          method,
          headers: {
            Authorization: 'Bearer t0ken',
            Accept: 'application/json',
            'X-Request-Id': 'r-1',
            'Content-Type': 'application/json',
          },
          body: method === 'GET' ? undefined : '{"a":1}',
        }),
      );
      expect(response.status).toBe(200);
    }
    expect(bare.received.map((r) => [r.method, r.url])).toEqual([
      ['GET', '/api/widget/w_1?page=2&q=a%20b'],
      ['PUT', '/api/widget/w_1?page=2&q=a%20b'],
      ['PATCH', '/api/widget/w_1?page=2&q=a%20b'],
      ['DELETE', '/api/widget/w_1?page=2&q=a%20b'],
    ]);
    for (const { headers, method, body } of bare.received) {
      expect(headers.authorization).toBe('Bearer t0ken');
      expect(headers.accept).toBe('application/json');
      expect(headers['x-request-id']).toBe('r-1');
      expect(headers.host).toBe(new URL(bare.url).host);
      if (method !== 'GET') expect(body).toBe('{"a":1}');
    }
  });

  it('drops hop-by-hop and browser-owned request headers', () => {
    const forwarded = forwardRequestHeaders(
      new Headers({
        Authorization: 'Bearer t',
        'Content-Type': 'application/json',
        Connection: 'keep-alive, X-Hop',
        'X-Hop': 'secret',
        'Keep-Alive': 'timeout=5',
        'Transfer-Encoding': 'chunked',
        'Content-Length': '12',
        Host: 'app',
        Origin: 'app://tellbox',
        Referer: 'app://tellbox/settings',
        Cookie: 'a=b',
        'Accept-Encoding': 'gzip, br, zstd',
        'Proxy-Authorization': 'Basic x',
        'Sec-Fetch-Mode': 'cors',
        TE: 'trailers',
        Upgrade: 'websocket',
      }),
    );
    expect([...forwarded.keys()].sort()).toEqual(['authorization', 'content-type']);
  });

  it('hands back a decoded body without the hop’s headers, cookies or encoding', async () => {
    respond = (_req, res) => {
      const body = gzipSync(JSON.stringify({ plan: 'pro' }));
      res.writeHead(429, {
        'Content-Type': 'application/json',
        'Content-Encoding': 'gzip',
        'Content-Length': body.length,
        'Retry-After': '30',
        'Set-Cookie': 'session=stolen',
        Connection: 'X-Hop',
        'X-Hop': '1',
        'X-Kept': 'yes',
      });
      res.end(body);
    };
    const response = await handlerFor(bare.url)(new Request('app://tellbox/api/subscription'));
    expect(response.status).toBe(429);
    expect(await response.json()).toEqual({ plan: 'pro' });
    expect(response.headers.get('retry-after')).toBe('30');
    expect(response.headers.get('x-kept')).toBe('yes');
    for (const dropped of ['content-encoding', 'content-length', 'set-cookie', 'x-hop', 'connection']) {
      expect(response.headers.get(dropped), dropped).toBeNull();
    }
  });

  it('answers 204 and HEAD without a body', async () => {
    respond = (_req, res) => {
      res.writeHead(204);
      res.end();
    };
    const empty = await handlerFor(bare.url)(new Request('app://tellbox/api/user/u_1', { method: 'DELETE' }));
    expect(empty.status).toBe(204);
    expect(await empty.text()).toBe('');

    respond = (_req, res) => res.end('{"status":"ok"}');
    const head = await handlerFor(bare.url)(new Request('app://tellbox/api/health', { method: 'HEAD' }));
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('hands a redirect back instead of following it to another host', async () => {
    respond = (_req, res) => {
      res.writeHead(302, { Location: 'https://evil.example/steal' });
      res.end();
    };
    const response = await handlerFor(bare.url)(new Request('app://tellbox/api/anything'));
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('https://evil.example/steal');
    expect(bare.received).toHaveLength(1);
  });

  it('proxies nothing but /api: a look-alike path is a file request', async () => {
    respond = (_req, res) => res.end('should not be reached');
    const handle = handlerFor(bare.url);
    await handle(new Request('app://tellbox/apis/x'));
    await handle(new Request('app://tellbox/api-docs'));
    await handle(new Request('app://tellbox/x/api/health'));
    await handle(new Request('app://evil/api/health'));
    expect(bare.received).toEqual([]);
  });
});

describe('streaming the answer back', () => {
  it('delivers each event of a server-sent stream as it is written, and closes upstream on abort', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const bare = await startBareServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
      res.write('event: feedback\ndata: {"n":1}\n\n');
      void gate.then(() => res.write('event: feedback\ndata: {"n":2}\n\n'));
    });
    try {
      const abort = new AbortController();
      const response = await handlerFor(bare.url)(
        new Request('app://tellbox/api/events', {
          headers: { Authorization: 'Bearer t', Accept: 'text/event-stream' },
          signal: abort.signal,
        }),
      );
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/event-stream');
      const reader = response.body!.getReader();
      const decoder = new TextDecoder();

      // The first event arrives while the server is still holding the second one back.
      const first = await reader.read();
      expect(decoder.decode(first.value)).toBe('event: feedback\ndata: {"n":1}\n\n');

      release();
      const second = await reader.read();
      expect(decoder.decode(second.value)).toBe('event: feedback\ndata: {"n":2}\n\n');

      // Closing the page's stream lets go of the server's connection.
      abort.abort();
      await reader.cancel().catch(() => undefined);
      await vi.waitFor(() => expect(bare.closed).toContain('/api/events'));
    } finally {
      await bare.close();
    }
  });
});

describe('registerAppScheme', () => {
  it('registers app: once, standard, secure, fetch-capable and streaming, without CORS', () => {
    const registerSchemesAsPrivileged = vi.fn();
    registerAppScheme({ registerSchemesAsPrivileged });
    expect(registerSchemesAsPrivileged).toHaveBeenCalledTimes(1);
    expect(registerSchemesAsPrivileged).toHaveBeenCalledWith([
      { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true, stream: true } },
    ]);
    expect(APP_SCHEME_PRIVILEGES).not.toHaveProperty('corsEnabled');
    expect(APP_SCHEME_PRIVILEGES).not.toHaveProperty('bypassCSP');
  });
});
