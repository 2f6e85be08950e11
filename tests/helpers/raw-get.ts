import http from 'node:http';

/** An answer as it crossed the wire: the body still in its content coding. */
export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/**
 * A GET (or HEAD) through node:http, which, unlike fetch, neither adds an Accept-Encoding of its
 * own nor decodes the body: a test sees the bytes the server sent. Callbacks only, so a test can
 * count the Promises a server makes while answering it.
 */
export function requestRaw(
  url: string,
  options: { headers?: Record<string, string>; method?: string; agent?: http.Agent | false },
  done: (answer: RawAnswer) => void,
  fail: (error: Error) => void,
) {
  const { method = 'GET', headers, agent } = options;
  const request = http.request(url, { method, headers, ...(agent === undefined ? {} : { agent }) }, (response) => {
    const chunks: Buffer[] = [];
    response.on('data', (chunk: Buffer) => chunks.push(chunk));
    response.on('end', () =>
      done({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
    );
    response.on('error', fail);
  });
  request.on('error', fail);
  request.end();
}

/** `requestRaw` as a Promise. */
export function rawGet(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawAnswer> {
  return new Promise((resolve, reject) => requestRaw(url, { headers, method }, resolve, reject));
}
