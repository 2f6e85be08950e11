/**
 * Sends one webhook request to a URL an owner typed and reports how it went, without ever
 * throwing. Such a URL may point anywhere, so: public addresses only (unless the server allows
 * private ones), judged on the address actually connected to; one deadline for the whole
 * exchange; a redirect is reported, never followed; only the start of the answer is read.
 */
import http from 'node:http';
import https from 'node:https';
import { performance } from 'node:perf_hooks';
import { describeFailure, timedOutMessage } from './describe-failure';
import { OUTBOUND_MAX_RESPONSE_BYTES, OUTBOUND_TIMEOUT_MS, OUTBOUND_USER_AGENT } from './outbound-limits';
import { parseOutboundUrl, type OutboundTarget } from './outbound-url';
import { resolveWithSystem, vettedLookup, type OutboundDeps } from './resolve-host';

export interface OutboundRequest {
  url: string;
  method?: 'POST';
  headers: Record<string, string>;
  body: string;
  /** The server's WEBHOOKS_ALLOW_PRIVATE: lets requests reach private and loopback addresses. */
  allowPrivate: boolean;
  timeoutMs?: number;
  maxResponseBytes?: number;
}

export interface OutboundResult {
  /** The endpoint answered 2xx. */
  ok: boolean;
  /** Null when no answer came. */
  statusCode: number | null;
  durationMs: number;
  /** The start of the answer's body, decoded as UTF-8: at most `maxResponseBytes` bytes. */
  responseStart: string;
  /** Why the attempt failed, in an owner's words; null when ok. */
  error: string | null;
}

interface Answer {
  statusCode: number | null;
  location: string | null;
  responseStart: string;
  error: string | null;
}

interface Limits {
  timeoutMs: number;
  maxBytes: number;
}

/** Where a redirect pointed, as an absolute URL when it can be read as one; kept short for display. */
const LOCATION_SHOWN_CHARS = 200;

function headersFor(request: OutboundRequest): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    // The length is the body's own; a caller's figure could only be wrong.
    if (name.toLowerCase() !== 'content-length') headers[name] = value;
  }
  if (!Object.keys(headers).some((name) => name.toLowerCase() === 'user-agent')) {
    headers['User-Agent'] = OUTBOUND_USER_AGENT;
  }
  headers['Content-Length'] = String(Buffer.byteLength(request.body));
  return headers;
}

function decodeStart(chunks: Buffer[], maxBytes: number): string {
  // `stream: true` leaves out a character cut in two at the limit rather than showing U+FFFD.
  return new TextDecoder().decode(Buffer.concat(chunks).subarray(0, maxBytes), { stream: true });
}

function requestOptions(target: OutboundTarget, request: OutboundRequest, deps: OutboundDeps): https.RequestOptions {
  const { url } = target;
  const hasCredentials = url.username !== '' || url.password !== '';
  return {
    protocol: url.protocol,
    hostname: target.host,
    port: url.port === '' ? undefined : Number(url.port),
    path: `${url.pathname}${url.search}`,
    method: 'POST',
    headers: headersFor(request),
    auth: hasCredentials ? `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}` : undefined,
    // A connection of its own, closed after the one exchange: nothing pooled outlives the deadline.
    agent: false,
    // Only used for host names: IP literals were judged by parseOutboundUrl, as Node skips lookup for them.
    lookup: vettedLookup(request.allowPrivate, deps.resolve ?? resolveWithSystem),
  };
}

/** Sends the request and reads the start of the answer; resolves (never rejects) once done or out of time. */
function exchange(target: OutboundTarget, request: OutboundRequest, deps: OutboundDeps, limits: Limits) {
  return new Promise<Answer>((settle) => {
    const send = target.url.protocol === 'https:' ? https.request : http.request;
    const outgoing = send(requestOptions(target, request, deps));
    const chunks: Buffer[] = [];
    let received = 0;
    let statusCode: number | null = null;
    let location: string | null = null;
    let settled = false;
    // Once an answer has begun, running out of time or bytes just ends the reading: the status stands.
    const finish = (error: string | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      outgoing.destroy();
      settle({ statusCode, location, responseStart: decodeStart(chunks, limits.maxBytes), error });
    };
    const deadline = setTimeout(
      () => finish(statusCode === null ? timedOutMessage(limits.timeoutMs) : null),
      limits.timeoutMs,
    );
    outgoing.on('error', (error) => finish(statusCode === null ? describeFailure(error, limits.timeoutMs) : null));
    outgoing.on('response', (incoming) => {
      statusCode = incoming.statusCode ?? null;
      location = incoming.headers.location ?? null;
      incoming.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        received += chunk.length;
        if (received >= limits.maxBytes) finish(null);
      });
      incoming.on('end', () => finish(null));
      incoming.on('error', () => finish(null));
      incoming.on('aborted', () => finish(null));
    });
    outgoing.end(request.body);
  });
}

function shownLocation(location: string, base: URL): string {
  let absolute = location;
  try {
    absolute = new URL(location, base).href;
  } catch {
    // Shown as the endpoint sent it.
  }
  return absolute.length > LOCATION_SHOWN_CHARS ? `${absolute.slice(0, LOCATION_SHOWN_CHARS)}…` : absolute;
}

function errorOf(answer: Answer, base: URL): string | null {
  const { statusCode, location, error } = answer;
  if (error !== null || statusCode === null) return error ?? 'No answer came';
  if (statusCode >= 200 && statusCode < 300) return null;
  if (statusCode >= 300 && statusCode < 400) {
    return location
      ? `Redirected to ${shownLocation(location, base)} (redirects are not followed)`
      : `The endpoint answered ${statusCode}, a redirect (redirects are not followed)`;
  }
  return `The endpoint answered ${statusCode}`;
}

/** Sends one webhook POST under the outbound rules above; resolves with the outcome, never throws. */
export async function sendOutbound(request: OutboundRequest, deps: OutboundDeps = {}): Promise<OutboundResult> {
  const started = performance.now();
  const limits: Limits = {
    timeoutMs: request.timeoutMs ?? OUTBOUND_TIMEOUT_MS,
    maxBytes: request.maxResponseBytes ?? OUTBOUND_MAX_RESPONSE_BYTES,
  };
  const durationMs = () => Math.round(performance.now() - started);
  try {
    const target = parseOutboundUrl(request.url, request.allowPrivate);
    const answer = await exchange(target, request, deps, limits);
    const error = errorOf(answer, target.url);
    return {
      ok: error === null,
      statusCode: answer.statusCode,
      durationMs: durationMs(),
      responseStart: answer.responseStart,
      error,
    };
  } catch (error) {
    return {
      ok: false,
      statusCode: null,
      durationMs: durationMs(),
      responseStart: '',
      error: describeFailure(error, limits.timeoutMs),
    };
  }
}
