import { afterEach, describe, expect, test } from 'vitest';
import { OUTBOUND_MAX_RESPONSE_BYTES, OUTBOUND_USER_AGENT } from './outbound-limits';
import { sendOutbound, type OutboundRequest } from './send-outbound';
import { answerWith, startReceiver, type Receiver } from '../../../tests/helpers/http-receiver';

const open: Receiver[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((receiver) => receiver.close()));
});

async function receiver(...args: Parameters<typeof startReceiver>) {
  const started = await startReceiver(...args);
  open.push(started);
  return started;
}

const post = (url: string, extra: Partial<OutboundRequest> = {}): OutboundRequest => ({
  url,
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify({ type: 'feedback.created', text: 'Grüße, ünïcödé ✓' }),
  allowPrivate: true,
  ...extra,
});

describe('delivering with allowPrivate', () => {
  test('the receiver gets the body intact; the status and the start of the answer come back', async () => {
    const endpoint = await receiver(answerWith(202, '{"received":true}'));
    const request = post(`${endpoint.origin}/hooks/tellbox?source=test`, {
      headers: { 'Content-Type': 'application/json', 'Webhook-Id': 'msg_1' },
    });

    const result = await sendOutbound(request);

    expect(result).toMatchObject({ ok: true, statusCode: 202, responseStart: '{"received":true}', error: null });
    expect(result.durationMs).toBeGreaterThanOrEqual(0);
    expect(endpoint.requests).toHaveLength(1);
    const [received] = endpoint.requests;
    expect(received).toMatchObject({ method: 'POST', path: '/hooks/tellbox?source=test', body: request.body });
    expect(received?.headers).toMatchObject({
      'content-type': 'application/json',
      'webhook-id': 'msg_1',
      'user-agent': OUTBOUND_USER_AGENT,
      'content-length': String(Buffer.byteLength(request.body)),
    });
  });

  test("a caller's own User-Agent is kept", async () => {
    const endpoint = await receiver(answerWith(204));
    const result = await sendOutbound(post(endpoint.origin, { headers: { 'user-agent': 'Custom/2' } }));
    expect(result).toMatchObject({ ok: true, statusCode: 204, responseStart: '' });
    expect(endpoint.requests[0]?.headers['user-agent']).toBe('Custom/2');
  });

  test('an answer outside 2xx is a failed attempt that says the status, with the answer read', async () => {
    const endpoint = await receiver(answerWith(500, 'database on fire'));
    const result = await sendOutbound(post(endpoint.origin));
    expect(result).toMatchObject({
      ok: false,
      statusCode: 500,
      responseStart: 'database on fire',
      error: 'The endpoint answered 500',
    });
  });

  test('a redirect is not followed: the second receiver sees nothing and the attempt fails', async () => {
    const elsewhere = await receiver(answerWith(200, 'should never be reached'));
    const redirecting = await receiver(answerWith(302, '', { Location: `${elsewhere.origin}/moved` }));

    const result = await sendOutbound(post(redirecting.origin));

    expect(result).toMatchObject({
      ok: false,
      statusCode: 302,
      error: `Redirected to ${elsewhere.origin}/moved (redirects are not followed)`,
    });
    expect(redirecting.requests).toHaveLength(1);
    expect(elsewhere.connections()).toBe(0);
  });

  test('a closed port is "Connection refused"', async () => {
    const gone = await startReceiver(answerWith(200));
    await gone.close();
    const result = await sendOutbound(post(gone.origin));
    expect(result).toMatchObject({ ok: false, statusCode: null, error: 'Connection refused', responseStart: '' });
  });

  test('only http: and https: URLs are sent to', async () => {
    for (const url of ['ftp://127.0.0.1/file', 'file:///etc/passwd', 'javascript:alert(1)']) {
      const result = await sendOutbound(post(url));
      expect(result).toMatchObject({ ok: false, error: 'Only http:// and https:// URLs can receive webhooks' });
    }
    expect((await sendOutbound(post('not a url'))).error).toBe('That is not a valid URL');
  });
});

describe('time and size limits', () => {
  test('a receiver that never answers ends in a timeout, and the connection is dropped', async () => {
    let hungUp!: () => void;
    const dropped = new Promise<void>((resolve) => (hungUp = resolve));
    const silent = await receiver((res) => res.on('close', hungUp));

    const result = await sendOutbound(post(silent.origin, { timeoutMs: 300 }));

    expect(result).toMatchObject({ ok: false, statusCode: null, error: 'Timed out after 0.3 s' });
    expect(result.durationMs).toBeGreaterThanOrEqual(250);
    expect(result.durationMs).toBeLessThan(3_000);
    expect(silent.requests).toHaveLength(1);
    await dropped;
  });

  test('of a 1 MB answer that never ends, 4 KB at most is read and the call returns at once', async () => {
    let written = 0;
    let hungUp!: () => void;
    const dropped = new Promise<void>((resolve) => (hungUp = resolve));
    const firehose = await receiver((res) => {
      res.on('close', hungUp);
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      const chunk = Buffer.alloc(64 * 1024, 'x');
      const pour = () => {
        while (written < 1024 * 1024 && !res.destroyed) {
          written += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pour);
        }
        // Left open on purpose: a client that waited for the end would wait for its timeout.
      };
      pour();
    });

    const result = await sendOutbound(post(firehose.origin));

    expect(result).toMatchObject({ ok: true, statusCode: 200, error: null });
    expect(result.responseStart).toBe('x'.repeat(OUTBOUND_MAX_RESPONSE_BYTES));
    expect(result.durationMs).toBeLessThan(2_000);
    // The receiver sees the connection closed while its answer is still open.
    await dropped;
  });

  test('the start of the answer is cut on a character boundary, never mid-character', async () => {
    // 3 + 2×2,047 = 4,097 bytes: the 4,096-byte limit falls inside the last "é".
    const endpoint = await receiver(answerWith(200, `abc${'é'.repeat(2047)}`));
    const result = await sendOutbound(post(endpoint.origin));
    expect(result.responseStart).toBe(`abc${'é'.repeat(2046)}`);
    expect(Buffer.byteLength(result.responseStart)).toBeLessThanOrEqual(OUTBOUND_MAX_RESPONSE_BYTES);
  });
});
