import diagnostics from 'node:diagnostics_channel';
import type { Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { checkOutboundUrl } from './check-outbound-url';
import type { ResolveHost } from './resolve-host';
import { sendOutbound, type OutboundRequest } from './send-outbound';
import { answerWith, startReceiver, type Receiver } from '../../../tests/helpers/http-receiver';

/**
 * Counts the client sockets Node opens. While `blocking` is set, each one is also stopped before
 * it connects, so a broken refusal fails its test without sending a packet to 10.0.0.1 or
 * 169.254.169.254. Node skips connecting a socket whose parent is "connecting": a private field,
 * so the test below also checks that the guard still stops an allowed delivery.
 */
let socketsOpened = 0;
let blocking = false;
const watchSockets = (message: unknown) => {
  socketsOpened += 1;
  if (!blocking) return;
  const socket = (message as { socket: Socket & { _parent: unknown } }).socket;
  socket._parent = { connecting: true };
  process.nextTick(() => {
    socket._parent = null;
    socket.destroy(new Error('stopped by the test: no socket may be opened here'));
  });
};
beforeAll(() => diagnostics.subscribe('net.client.socket', watchSockets));
afterAll(() => diagnostics.unsubscribe('net.client.socket', watchSockets));

const open: Receiver[] = [];
afterEach(async () => {
  socketsOpened = 0;
  blocking = false;
  await Promise.all(open.splice(0).map((receiver) => receiver.close()));
});

async function receiver(host?: string) {
  const started = await startReceiver(answerWith(200, 'delivered'), host);
  open.push(started);
  return started;
}

const post = (url: string, allowPrivate = false): OutboundRequest => ({
  url,
  headers: { 'Content-Type': 'application/json' },
  body: '{"type":"ping"}',
  allowPrivate,
});

/** A resolver that gives each look-up the next address of `answers` (the last one repeats). */
function scriptedResolver(answers: string[][]) {
  const calls: string[] = [];
  const resolve: ResolveHost = async (hostname) => {
    calls.push(hostname);
    const next = answers.length > 1 ? answers.shift() : answers[0];
    return (next ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return { resolve, calls };
}

describe('without allowPrivate, private addresses get nothing', () => {
  test('loopback literals, IPv4 and IPv6, are refused and the receivers see no connection', async () => {
    const v4 = await receiver('127.0.0.1');
    const v6 = await receiver('::1');
    const cases = [
      [v4.origin, 'Refused: 127.0.0.1 is a loopback address'],
      [v6.origin, 'Refused: ::1 is a loopback address'],
      [
        `http://[::ffff:127.0.0.1]:${v4.port}`,
        'Refused: ::ffff:7f00:1 is an IPv4-mapped form of 127.0.0.1, a loopback address',
      ],
    ] as const;
    for (const [url, error] of cases) {
      expect(await sendOutbound(post(url))).toMatchObject({ ok: false, statusCode: null, error });
    }
    expect(v4.connections() + v6.connections()).toBe(0);

    // The same URLs do reach the receivers once private addresses are allowed.
    for (const [url] of cases) expect(await sendOutbound(post(url, true))).toMatchObject({ ok: true });
    expect(v4.requests).toHaveLength(2);
    expect(v6.requests).toHaveLength(1);
  });

  test('10.0.0.1, 169.254.169.254 and other literals are refused before any socket is opened', async () => {
    const cases = [
      ['http://10.0.0.1/hook', 'Refused: 10.0.0.1 is a private network address'],
      ['http://169.254.169.254/latest/meta-data/', 'Refused: 169.254.169.254 is a link-local address'],
      ['https://0x7f.1/', 'Refused: 127.0.0.1 is a loopback address'],
      ['http://[fd00::1]/', 'Refused: fd00::1 is a private network address (IPv6 unique local)'],
      [
        'http://[64:ff9b::a9fe:a9fe]/',
        'Refused: 64:ff9b::a9fe:a9fe is a NAT64 form of 169.254.169.254, a link-local address',
      ],
    ] as const;
    blocking = true;
    for (const [url, error] of cases) {
      const result = await sendOutbound(post(url));
      expect(result).toMatchObject({ ok: false, statusCode: null, error });
      expect(await checkOutboundUrl(url, false)).toBe(error);
    }
    expect(socketsOpened).toBe(0);

    // The watch does see sockets: a delivery that is allowed opens one, which the guard stops.
    const allowed = await receiver();
    expect((await sendOutbound(post(allowed.origin, true))).error).toMatch(/stopped by the test/);
    expect(socketsOpened).toBe(1);
    expect(allowed.connections()).toBe(0);
  });

  test('a host name that resolves to loopback (localhost) is refused; the receiver sees nothing', async () => {
    const endpoint = await receiver();
    const url = `http://localhost:${endpoint.port}/hook`;

    const result = await sendOutbound(post(url));

    expect(result).toMatchObject({ ok: false, statusCode: null });
    expect(result.error).toMatch(/^Refused: localhost resolves to (127\.0\.0\.1|::1), a loopback address$/);
    expect(endpoint.connections()).toBe(0);
    expect(await sendOutbound(post(url, true))).toMatchObject({ ok: true, responseStart: 'delivered' });
  });
});

describe('the address judged is the address connected to', () => {
  test('DNS rebinding: public when checked, loopback at delivery → refused at delivery', async () => {
    const endpoint = await receiver();
    const dns = scriptedResolver([['93.184.216.34'], ['127.0.0.1']]);
    const url = `http://rebind.test:${endpoint.port}/hook`;

    expect(await checkOutboundUrl(url, false, dns)).toBeNull();
    const result = await sendOutbound(post(url), dns);

    expect(result).toMatchObject({
      ok: false,
      statusCode: null,
      error: 'Refused: rebind.test resolves to 127.0.0.1, a loopback address',
    });
    expect(dns.calls).toEqual(['rebind.test', 'rebind.test']);
    expect(endpoint.connections()).toBe(0);
  });

  test('a name with one public and one loopback address is refused outright', async () => {
    const endpoint = await receiver();
    // Loopback first: were the refusal broken, the connection would go there, not to the public address.
    const dns = scriptedResolver([['127.0.0.1', '93.184.216.34']]);
    const result = await sendOutbound(post(`http://mixed.test:${endpoint.port}/`), dns);
    expect(result.error).toBe('Refused: mixed.test resolves to 127.0.0.1, a loopback address');
    expect(endpoint.connections()).toBe(0);
  });

  test('the connection goes to the address the vetted look-up gave, for a name DNS does not know', async () => {
    const endpoint = await receiver();
    const dns = scriptedResolver([['127.0.0.1']]);
    const result = await sendOutbound(post(`http://receiver.test:${endpoint.port}/in`, true), dns);
    expect(result).toMatchObject({ ok: true, statusCode: 200, responseStart: 'delivered' });
    expect(endpoint.requests[0]?.headers.host).toBe(`receiver.test:${endpoint.port}`);
    expect(dns.calls).toEqual(['receiver.test']);
  });
});

describe('checking a URL before saving it', () => {
  test('fine URLs give null; others say why', async () => {
    const dns = scriptedResolver([['93.184.216.34']]);
    expect(await checkOutboundUrl('https://hooks.example.test/in', false, dns)).toBeNull();
    expect(await checkOutboundUrl('ftp://hooks.example.test/', false, dns)).toBe(
      'Only http:// and https:// URLs can receive webhooks',
    );
    expect(await checkOutboundUrl('hooks.example.test/in', false, dns)).toBe('That is not a valid URL');
    expect(await checkOutboundUrl('http://localhost:3000/', false)).toMatch(/^Refused: localhost resolves to/);
    expect(await checkOutboundUrl('http://localhost:3000/', true)).toBeNull();
    expect(await checkOutboundUrl('http://[::1]:3000/', true)).toBeNull();
  });

  test('a host that cannot be found says so', async () => {
    expect(await checkOutboundUrl('https://nothing-here.invalid/hook', false)).toBe(
      'nothing-here.invalid could not be found',
    );
    const flaky: ResolveHost = () => Promise.reject(Object.assign(new Error('timeout'), { code: 'EAI_AGAIN' }));
    expect(await checkOutboundUrl('https://hooks.example.test/', true, { resolve: flaky })).toBe(
      'hooks.example.test could not be looked up just now',
    );
  });
});
