/**
 * One GET on a kept-alive loopback connection, timed from sending the request to the answer's
 * last byte: an upper bound of the server's time for it, as the inbox benches measure it.
 */
import http from 'node:http';
import type { ChildServer } from './child-servers';

/** Far above any answer measured; a server that hangs fails the line instead of stalling CI. */
const REQUEST_TIMEOUT_MS = 10_000;

export interface TimedAnswer {
  ms: number;
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One GET on `agent`'s kept-alive connection; the ms from sending to the answer's last byte. */
export function timedGet(
  server: ChildServer,
  agent: http.Agent,
  path: string,
  auth: Record<string, string>,
): Promise<TimedAnswer> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const request = http.get(`${server.url}${path}`, { agent, headers: auth, timeout: REQUEST_TIMEOUT_MS }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () =>
        resolve({
          ms: performance.now() - started,
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
    });
    request.on('timeout', () => request.destroy(new Error(`GET ${path} took over ${REQUEST_TIMEOUT_MS} ms`)));
    request.on('error', reject);
  });
}
