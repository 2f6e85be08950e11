/**
 * The fuzzer's sender on a kept-alive connection the server drops without reading the next
 * request, as a server closing an idle socket does when the client's request crosses its close:
 * the request goes again on a new connection, while a server that drops a request on a fresh
 * connection is reported as not answering (that is the server's fault, and the fuzzer's finding).
 */
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, test } from 'vitest';
import { createSender, type Sender } from './wire';

const OK =
  'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 11\r\nKeep-Alive: timeout=60\r\n\r\n{"ok":true}';

let server: net.Server | undefined;
let sender: Sender | undefined;

afterEach(async () => {
  sender?.close();
  const closing = server;
  if (closing) await new Promise((resolve) => closing.close(resolve));
  sender = undefined;
  server = undefined;
});

/**
 * A loopback HTTP server that answers the first `answered` requests of each connection and then
 * drops the connection on the next one; returns its URL and the requests it answered.
 */
async function startServer(answered: number) {
  const seen: string[] = [];
  server = net.createServer((socket) => {
    let count = 0;
    socket.on('data', (data) => {
      count += 1;
      if (count > answered) {
        socket.destroy();
        return;
      }
      seen.push(data.toString('latin1').split('\r\n')[0] ?? '');
      socket.write(OK);
    });
  });
  server.listen(0, '127.0.0.1');
  await new Promise((resolve) => server?.once('listening', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

const request = (path: string) => ({ method: 'POST', path, headers: { 'Content-Type': 'application/json' } });

describe('the fuzzer sends each request until a connection takes it', () => {
  test('a kept-alive connection dropped under the next request: sent again, answered', async () => {
    const { url, seen } = await startServer(1);
    sender = createSender(url, 1);
    expect((await sender.send(request('/first'))).body).toEqual({ ok: true });
    const second = await sender.send(request('/second'));
    expect(second.status).toBe(200);
    expect(seen).toEqual(['POST /first HTTP/1.1', 'POST /second HTTP/1.1']);
  });

  test('a fresh connection dropped under a request: no answer, reported', async () => {
    const { url, seen } = await startServer(0);
    sender = createSender(url, 1);
    await expect(sender.send(request('/dropped'))).rejects.toThrow('socket hang up');
    expect(seen).toEqual([]);
  });
});
