/**
 * A generated request as bytes on the wire (node:http, so malformed paths and headers go out as
 * written), and its answer read back.
 */
import http from 'node:http';
import { RawJson } from './edge-values';
import type { Operation } from './operations';
import { resolveRefs, type PoolLookup } from './pool-ref';
import { Verbatim, encodeText, type FuzzBody, type FuzzRequest } from './request-arbitrary';

export interface WireRequest {
  method: string;
  /** Path and query as sent. */
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
}

export interface WireAnswer {
  status: number;
  contentType: string;
  /** Parsed JSON when the answer says it is JSON (and parses), else the text; null for an event stream. */
  body: unknown;
  text: string;
}

/** JSON text, with RawJson pieces written as they are. */
export function jsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map((item) => jsonText(item ?? null)).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value).map(([key, item]) => `${JSON.stringify(key)}:${jsonText(item ?? null)}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** A query or header value as text; Verbatim stays as written. */
function textOf(value: unknown): string {
  if (value instanceof Verbatim) return value.text;
  if (value instanceof RawJson) return value.text;
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Percent-encodes generated text; Verbatim text goes out raw (within what node:http lets through). */
function encodeForUrl(value: unknown): string {
  if (value instanceof Verbatim) return value.text.replace(/[^\u0021-\u00ff]/g, encodeText);
  return encodeText(textOf(value));
}

/** Header values may hold only tab and visible Latin-1: the rest is replaced, as a browser would refuse to send it. */
const headerSafe = (text: string) => text.replace(/[^\t\u0020-\u007e\u0080-\u00ff]/g, '?');

function bodyBytes(body: FuzzBody): { bytes: Buffer; contentType?: string; contentEncoding?: string } {
  if (body.kind === 'json') {
    return {
      bytes: Buffer.from(jsonText(body.value), 'utf8'),
      contentType: body.contentType,
      contentEncoding: body.contentEncoding,
    };
  }
  return { bytes: Buffer.from(body.text, body.latin1 ? 'latin1' : 'utf8'), contentType: body.contentType };
}

/** The request with real values in place of pool references and `{token}`. */
export function toWire(operation: Operation, request: FuzzRequest, lookup: PoolLookup, token: string): WireRequest {
  const resolved = resolveRefs(
    { pathParams: request.pathParams, query: request.query, headers: request.headers, body: request.body },
    lookup,
  ) as Pick<FuzzRequest, 'pathParams' | 'query' | 'headers' | 'body'>;
  const path = operation.path.replace(/\{([^}]+)\}/g, (_whole, name: string) =>
    encodeForUrl(resolved.pathParams[name] ?? ''),
  );
  const query = resolved.query.map(([key, value]) => {
    const values = Array.isArray(value) ? value : [value];
    return values.map((item) => `${encodeForUrl(key)}=${encodeForUrl(item)}`).join('&');
  });
  const headers: Record<string, string> = {};
  for (const [name, value] of resolved.headers) headers[name] = headerSafe(textOf(value));
  if (request.auth !== null) headers.Authorization = headerSafe(request.auth.replaceAll('{token}', token));
  let body: Buffer | undefined;
  if (resolved.body) {
    const encoded = bodyBytes(resolved.body);
    body = encoded.bytes;
    if (encoded.contentType !== undefined) headers['Content-Type'] = encoded.contentType;
    if (encoded.contentEncoding !== undefined) headers['Content-Encoding'] = encoded.contentEncoding;
  }
  const search = query.filter(Boolean).join('&');
  return { method: operation.method, path: search ? `${path}?${search}` : path, headers, body };
}

/** A kept-alive socket reset under a request (see `send`). */
class ReusedSocketReset extends Error {
  constructor(cause: Error) {
    super(cause.message, { cause });
  }
}

export function createSender(baseUrl: string, concurrency: number) {
  const target = new URL(baseUrl);
  const maxSockets = concurrency * 2;
  const agent = new http.Agent({ keepAlive: true, maxSockets });
  let sent = 0;
  /**
   * Each request from an address of its own (the server trusts one proxy hop): the password
   * routes take one check at a time per address and pause after a failure, which would otherwise
   * queue every login, sign-up and reset of the run behind each other. That guard has its own tests.
   */
  const nextAddress = () => {
    sent += 1;
    return `10.${(sent >> 16) & 255}.${(sent >> 8) & 255}.${sent & 255}`;
  };
  /**
   * A kept-alive socket the server closes for idleness just as a request goes out on it is reset
   * before the server has read the request (Node documents the race with `request.reusedSocket`;
   * a client whose timers run late on a loaded machine meets it): the request goes again, on
   * another socket. A reset on a fresh socket is the server's doing, and the answer is the error.
   */
  async function send(request: WireRequest, timeoutMs = 30_000): Promise<WireAnswer> {
    // Each reset socket is gone from the pool, so this ends within the pool's size.
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await sendOnce(request, timeoutMs);
      } catch (error) {
        if (!(error instanceof ReusedSocketReset) || attempt >= maxSockets) throw error;
      }
    }
  }

  function sendOnce(request: WireRequest, timeoutMs: number): Promise<WireAnswer> {
    return new Promise((resolve, reject) => {
      const outgoing = http.request(
        {
          agent,
          host: target.hostname,
          port: target.port,
          method: request.method,
          path: request.path,
          headers: {
            'X-Forwarded-For': nextAddress(),
            ...request.headers,
            'Content-Length': String(request.body?.length ?? 0),
          },
          timeout: timeoutMs,
        },
        (response) => {
          const contentType = response.headers['content-type'] ?? '';
          const status = response.statusCode ?? 0;
          if (contentType.startsWith('text/event-stream')) {
            // An event stream never ends on its own: its status and type are the answer.
            response.destroy();
            resolve({ status, contentType, body: null, text: '' });
            return;
          }
          const parts: Buffer[] = [];
          response.on('data', (part: Buffer) => parts.push(part));
          response.on('error', reject);
          response.on('end', () => {
            const text = Buffer.concat(parts).toString('utf8');
            let body: unknown = text;
            if (/[/+]json\b/.test(contentType)) {
              try {
                body = JSON.parse(text);
              } catch {
                // left as text: the answer check reports a JSON type that does not parse
              }
            }
            resolve({ status, contentType, body, text });
          });
        },
      );
      outgoing.on('timeout', () => outgoing.destroy(new Error(`no answer within ${timeoutMs} ms`)));
      outgoing.on('error', (error: NodeJS.ErrnoException) =>
        reject(outgoing.reusedSocket && error.code === 'ECONNRESET' ? new ReusedSocketReset(error) : error),
      );
      outgoing.end(request.body);
    });
  }
  return { send, close: () => agent.destroy() };
}

export type Sender = ReturnType<typeof createSender>;

const cut = (text: string, length: number) =>
  text.length > length ? `${text.slice(0, length)}… (${text.length} chars)` : text;

/** A failing case as a reader can replay it: a curl command (the token left as $TOKEN) and the answer. */
export function describeCase(baseUrl: string, request: WireRequest, answer: WireAnswer | Error, token: string): string {
  const quote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;
  const headerArgs = Object.entries(request.headers).map(
    ([name, value]) => `-H ${quote(`${name}: ${cut(value.replaceAll(token, '$TOKEN'), 200)}`)}`,
  );
  const bodyArg = request.body ? [`--data-binary ${quote(cut(request.body.toString('utf8'), 600))}`] : [];
  const curl = ['curl -sS -X', request.method, quote(`${baseUrl}${cut(request.path, 600)}`), ...headerArgs, ...bodyArg];
  const outcome =
    answer instanceof Error
      ? `no answer: ${answer.message}`
      : `${answer.status} ${answer.contentType} ${cut(answer.text, 400)}`;
  return `    ${curl.join(' ')}\n    → ${outcome}`;
}
