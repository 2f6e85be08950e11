import http from 'node:http';

/** A JSON POST through node:http, which (unlike fetch) lets a test set its own `Host` header. */
export function postWithHeaders(baseUrl: string, path: string, body: unknown, headers: Record<string, string>) {
  const target = new URL(path, baseUrl);
  const payload = JSON.stringify(body);
  return new Promise<{ status: number; body: unknown }>((resolve, reject) => {
    const request = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname + target.search,
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload), ...headers },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: text ? JSON.parse(text) : undefined }),
        );
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}
