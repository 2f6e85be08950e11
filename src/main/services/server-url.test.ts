import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../../../tests/helpers/start-server';
import { checkServerUrl, normaliseServerUrl } from './server-url';

describe('normaliseServerUrl', () => {
  const accepted: Array<[string, string]> = [
    ['https://tellbox.example.com', 'https://tellbox.example.com'],
    ['https://tellbox.example.com/', 'https://tellbox.example.com'],
    ['  https://tellbox.example.com/  ', 'https://tellbox.example.com'],
    ['\thttps://tellbox.example.com\n', 'https://tellbox.example.com'],
    ['HTTPS://Tellbox.Example.COM', 'https://tellbox.example.com'],
    ['https://tellbox.example.com:443/', 'https://tellbox.example.com'],
    ['https://tellbox.example.com:8443', 'https://tellbox.example.com:8443'],
    ['https://192.0.2.10', 'https://192.0.2.10'],
    ['https://[2001:db8::1]:8443/', 'https://[2001:db8::1]:8443'],
    ['https://bücher.example', 'https://xn--bcher-kva.example'],
    ['http://localhost:3000', 'http://localhost:3000'],
    ['http://LOCALHOST:3000/', 'http://localhost:3000'],
    ['http://127.0.0.1:8080', 'http://127.0.0.1:8080'],
    ['http://[::1]:3000', 'http://[::1]:3000'],
    ['http://localhost', 'http://localhost'],
  ];
  test.each(accepted)('accepts %j as %s', (input, origin) => {
    expect(normaliseServerUrl(input)).toEqual({ ok: true, url: origin });
  });

  const refused: Array<[string, unknown, RegExp]> = [
    ['an empty string', '', /Enter the address/],
    ['only spaces', '   ', /Enter the address/],
    ['not a string', 42, /Enter the address/],
    ['no scheme', 'tellbox.example.com', /Start the address with https:\/\//],
    ['host:port without scheme', 'localhost:3000', /Start the address with https:\/\//],
    ['a broken address', 'https://exa mple.com', /not a valid web address/],
    ['an empty host', 'https://', /not a valid web address/],
    ['plain http to a remote host', 'http://tellbox.example.com', /Use an https:\/\/ address/],
    ['plain http to a private network host', 'http://192.168.1.20:3000', /Use an https:\/\/ address/],
    ['plain http to a look-alike of localhost', 'http://localhost.evil.tld', /Use an https:\/\/ address/],
    ['plain http to localhost with a trailing dot', 'http://localhost.:3000', /Use an https:\/\/ address/],
    ['plain http to 0.0.0.0', 'http://0.0.0.0:3000', /Use an https:\/\/ address/],
    ['file:', 'file:///etc/passwd', /Only https:\/\//],
    ['javascript:', 'javascript://alert(1)', /Only https:\/\//],
    ['ftp:', 'ftp://tellbox.example.com', /Only https:\/\//],
    ['ws:', 'ws://localhost:3000', /Only https:\/\//],
    ['app:', 'app://tellbox/', /Only https:\/\//],
    ['a user name', 'https://user@tellbox.example.com', /user name and password/],
    ['a user and password', 'https://user:secret@tellbox.example.com', /user name and password/],
    ['the user@host trick', 'https://tellbox.example.com@evil.tld', /user name and password/],
    ['a query', 'https://tellbox.example.com/?next=/admin', /"\?" or "#"/],
    ['an empty query', 'https://tellbox.example.com/?', /"\?" or "#"/],
    ['a fragment', 'https://tellbox.example.com/#x', /"\?" or "#"/],
    ['an empty fragment', 'https://tellbox.example.com#', /"\?" or "#"/],
    ['a path', 'https://tellbox.example.com/login', /without a path/],
    ['an API path', 'https://tellbox.example.com/api', /without a path/],
    ['a double slash', 'https://tellbox.example.com//', /without a path/],
  ];
  test.each(refused)('refuses %s', (_name, input, message) => {
    const result = normaliseServerUrl(input);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toMatch(message);
  });
});

/** A loopback HTTP server of our own, for the servers that are not Tellbox. */
async function startHttpServer(handler: http.RequestListener): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe('checkServerUrl against real loopback servers', () => {
  let tellbox: TestServer;
  const others: Array<{ close(): Promise<void> }> = [];
  const check = (url: string, timeoutMs = 2000) => checkServerUrl(url, { fetch, timeoutMs });
  const other = async (handler: http.RequestListener): Promise<string> => {
    const server = await startHttpServer(handler);
    others.push(server);
    return server.url;
  };

  beforeAll(async () => {
    tellbox = await startTestServer();
  });

  afterAll(async () => {
    await Promise.all(others.map((server) => server.close()));
    await tellbox?.close();
  });

  test('a real Tellbox server is accepted, as its origin', async () => {
    await expect(check(tellbox.url)).resolves.toEqual({ ok: true, url: tellbox.url });
    await expect(check(`  ${tellbox.url}/ `)).resolves.toEqual({ ok: true, url: tellbox.url });
  });

  test('the input is normalised before anything is fetched', async () => {
    let fetched = false;
    const spy: typeof fetch = async (...args) => {
      fetched = true;
      return fetch(...args);
    };
    const result = await checkServerUrl(`${tellbox.url}/login`, { fetch: spy });
    expect(result.ok).toBe(false);
    expect(fetched).toBe(false);
  });

  test('a web server that is not Tellbox is refused in plain words', async () => {
    const url = await other((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<!doctype html><title>My blog</title>');
    });
    await expect(check(url)).resolves.toEqual({
      ok: false,
      message: `${url} answered, but it is not a Tellbox server. Check the address.`,
    });
  });

  test.each<[string, http.RequestListener]>([
    [
      'JSON with another status',
      (_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"fine"}'),
    ],
    [
      'JSON that is not an object',
      (_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('"ok"'),
    ],
    ['broken JSON', (_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":')],
    [
      'the right body as text/plain',
      (_req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('{"status":"ok"}'),
    ],
    [
      'a 404 with JSON',
      (_req, res) => res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"Not found"}'),
    ],
    ['a 500', (_req, res) => res.writeHead(500).end()],
    [
      'a huge JSON body',
      (_req, res) =>
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(`{"status":"ok","pad":"${'x'.repeat(100_000)}"}`),
    ],
  ])('a server answering %s is not Tellbox', async (_name, handler) => {
    const url = await other(handler);
    const result = await check(url);
    expect(result).toEqual({ ok: false, message: expect.stringMatching(/not a Tellbox server/) });
  });

  test('a redirect is not followed, even to a real Tellbox server', async () => {
    const url = await other((_req, res) => res.writeHead(302, { location: `${tellbox.url}/api/health` }).end());
    await expect(check(url)).resolves.toEqual({ ok: false, message: expect.stringMatching(/redirects elsewhere/) });
  });

  test('a server that is stopping (503) is "not ready", not "not Tellbox"', async () => {
    const url = await other((_req, res) =>
      res.writeHead(503, { 'content-type': 'application/json' }).end('{"status":"stopping"}'),
    );
    await expect(check(url)).resolves.toEqual({ ok: false, message: expect.stringMatching(/not ready/) });
  });

  test('a server that never answers times out', async () => {
    const url = await other(() => {
      // Accepts the request and never answers.
    });
    const started = Date.now();
    await expect(check(url, 300)).resolves.toEqual({
      ok: false,
      message: `The server at ${url} did not answer within 1 second.`,
    });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  test('a server that sends its headers and then stalls the body times out too', async () => {
    const url = await other((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"status":');
    });
    await expect(check(url, 300)).resolves.toEqual({ ok: false, message: expect.stringMatching(/did not answer/) });
  });

  test('a port nobody listens on is "not reachable"', async () => {
    const closed = await startHttpServer(() => undefined);
    await closed.close();
    await expect(check(closed.url)).resolves.toEqual({
      ok: false,
      message: `Could not reach ${closed.url}. Check the address and your connection.`,
    });
  });
});
