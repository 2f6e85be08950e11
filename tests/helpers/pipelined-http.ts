import net from 'node:net';

export interface RawResponse {
  status: number;
  body: unknown;
}

/** One HTTP/1.1 request as bytes; a JSON body gets its Content-Type and Content-Length. */
export function rawRequest(method: string, path: string, headers: Record<string, string> = {}, body?: unknown) {
  const payload = body === undefined ? '' : JSON.stringify(body);
  const lines = [`${method} ${path} HTTP/1.1`, 'Host: 127.0.0.1'];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  if (body !== undefined) lines.push('Content-Type: application/json');
  lines.push(`Content-Length: ${Buffer.byteLength(payload)}`);
  return `${lines.join('\r\n')}\r\n\r\n${payload}`;
}

/** Splits the bytes of several answers (each with a Content-Length) into statuses and JSON bodies. */
function parseResponses(data: Buffer): RawResponse[] {
  const responses: RawResponse[] = [];
  let offset = 0;
  while (offset < data.length) {
    const headEnd = data.indexOf('\r\n\r\n', offset);
    if (headEnd === -1) break;
    const head = data.subarray(offset, headEnd).toString('latin1').split('\r\n');
    const status = Number(head[0]?.split(' ')[1]);
    const lengthLine = head.find((line) => line.toLowerCase().startsWith('content-length:'));
    const length = lengthLine ? Number(lengthLine.slice(lengthLine.indexOf(':') + 1)) : 0;
    const text = data.subarray(headEnd + 4, headEnd + 4 + length).toString('utf8');
    responses.push({ status, body: text ? (JSON.parse(text) as unknown) : undefined });
    offset = headEnd + 4 + length;
  }
  return responses;
}

/**
 * Sends `requests` pipelined in one write on one connection, so the server reads them all in
 * the same turn of its event loop (something fetch cannot arrange), and resolves with every answer.
 */
export function sendPipelined(baseUrl: string, requests: string[]): Promise<RawResponse[]> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = net.connect(Number(port), hostname, () => {
      socket.write(requests.join(''));
    });
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      const responses = parseResponses(Buffer.concat(chunks));
      if (responses.length === requests.length) {
        socket.destroy();
        resolve(responses);
      }
    });
    socket.on('error', reject);
    socket.on('close', () =>
      reject(new Error(`connection closed after ${parseResponses(Buffer.concat(chunks)).length} answers`)),
    );
  });
}
