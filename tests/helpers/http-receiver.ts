/**
 * A real HTTP server on a loopback address that records every connection and request it sees, and
 * answers as each test says: the far end of outbound requests and webhook deliveries.
 */
import http, { type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface Receiver {
  port: number;
  /** http://127.0.0.1:PORT (or http://[::1]:PORT), without a trailing path. */
  origin: string;
  /** TCP connections accepted, counted as they open: a refused send must leave this at 0. */
  connections: () => number;
  requests: ReceivedRequest[];
  close: () => Promise<void>;
}

/** What a receiver does once a request's body has fully arrived. */
export type Answerer = (res: ServerResponse, request: ReceivedRequest) => void;

export const answerWith =
  (status: number, body = '', headers: Record<string, string> = {}): Answerer =>
  (res) => {
    res.writeHead(status, headers);
    res.end(body);
  };

/** Starts a receiver on `host` (127.0.0.1 unless said otherwise) on a port the OS picks. */
export async function startReceiver(answer: Answerer, host = '127.0.0.1'): Promise<Receiver> {
  const requests: ReceivedRequest[] = [];
  let connections = 0;
  const server = http.createServer((req, res) => {
    // A client that hangs up mid-answer is what several tests cause on purpose.
    res.on('error', () => undefined);
    const parts: Buffer[] = [];
    req.on('data', (part: Buffer) => parts.push(part));
    req.on('end', () => {
      const request = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(parts).toString('utf8'),
      };
      requests.push(request);
      answer(res, request);
    });
  });
  server.on('connection', () => (connections += 1));
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    origin: host.includes(':') ? `http://[${host}]:${port}` : `http://${host}:${port}`,
    connections: () => connections,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
