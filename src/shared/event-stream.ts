/**
 * The client of the owner's event stream (`GET /api/events`), shared by the desktop app's main
 * process (notifications) and the web console (live lists). It uses `fetch` rather than
 * `EventSource` because EventSource cannot send an `Authorization` header, and the token must
 * never go in the URL. Timers, fetch and the jitter source are injected so tests stay exact.
 */
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { FEEDBACK_EVENT, INSTALLATION_EVENT, type FeedbackEvent, type InstallationEvent } from './desktop-events';

export interface EventStreamOptions {
  /** Absolute or relative URL of /api/events. */
  url: string;
  /** The session token as stored (`'Bearer …'`); a bare token gets the prefix. Null stops the client. */
  getToken: () => string | null | Promise<string | null>;
  fetch: typeof fetch;
  onFeedback: (event: FeedbackEvent) => void;
  /** A widget was used on a new site (one more installation). */
  onInstallation?: (event: InstallationEvent) => void;
  /** 401: the client stops; call connectEventStream again after a new login. */
  onUnauthorized?: () => void;
  onStatus?: (status: 'connecting' | 'open' | 'waiting') => void;
  /** More request headers, e.g. the console's `Tellbox-Workspace`; read at every (re)connect. */
  headers?: () => Record<string, string>;
  /** Defaults 1000 / 60000. */
  backoff?: { initialMs: number; maxMs: number };
  /** Jitter source (tests pass a fixed one). */
  random?: () => number;
  setTimeout?: (fn: () => void, ms: number) => unknown;
  clearTimeout?: (handle: unknown) => void;
}

export interface EventStreamConnection {
  stop(): void;
}

const DEFAULT_BACKOFF = { initialMs: 1000, maxMs: 60_000 };
/** A stream that buffers more than this without a complete event is broken (or hostile): reconnect. */
const MAX_BUFFER_CHARS = 1_000_000;

/**
 * The wait before reconnect attempt `attempt` (0 for the first retry): exponential growth capped at
 * `maxMs`, with "equal jitter" (half fixed, half random) so many clients do not return in step
 * after a server restart, yet none retries sooner than half the step.
 */
export function backoffDelayMs(
  attempt: number,
  backoff: { initialMs: number; maxMs: number },
  random: () => number,
): number {
  const exponent = Math.min(Math.max(0, Math.floor(attempt)), 30);
  const step = Math.min(backoff.maxMs, backoff.initialMs * 2 ** exponent);
  const drawn = random();
  const r = Number.isFinite(drawn) ? Math.min(1, Math.max(0, drawn)) : 1;
  return Math.round(step / 2 + (step / 2) * r);
}

/** The `data:` of an event as an object, or null when it is not JSON of one (never throws). */
function parseObject(data: string): Record<string, unknown> | null {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return null;
  }
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

/** The `data:` of a `feedback` event as a FeedbackEvent, or null when it is not one (never throws). */
export function parseFeedbackEvent(data: string): FeedbackEvent | null {
  const v = parseObject(data);
  if (!v) return null;
  const fields = ['feedbackId', 'widgetId', 'widgetName', 'message', 'createdAt'] as const;
  if (!fields.every((f) => typeof v[f] === 'string')) return null;
  // A fresh object: nothing beyond the contract reaches the consumer.
  return {
    feedbackId: v.feedbackId as string,
    widgetId: v.widgetId as string,
    widgetName: v.widgetName as string,
    message: v.message as string,
    createdAt: v.createdAt as string,
  };
}

/** The `data:` of an `installation` event as an InstallationEvent, or null when it is not one (never throws). */
export function parseInstallationEvent(data: string): InstallationEvent | null {
  const v = parseObject(data);
  if (!v || typeof v.widgetId !== 'string' || typeof v.host !== 'string') return null;
  return { widgetId: v.widgetId, host: v.host };
}

/** Hands a parsed event to its consumer; a consumer's bug must not tear down the stream. */
function deliver<T>(event: T | null, consumer: ((event: T) => void) | undefined): void {
  if (event === null || !consumer) return;
  try {
    consumer(event);
  } catch {
    // The next event is still delivered.
  }
}

function authorizationValue(token: string): string {
  return /^Bearer\s/i.test(token) ? token : `Bearer ${token}`;
}

/** Opens the stream and keeps it open (reconnecting with backoff) until `stop()` or a 401. */
export function connectEventStream(options: EventStreamOptions): EventStreamConnection {
  // Called detached: a browser's fetch throws "Illegal invocation" when `this` is the options object.
  const fetchStream = options.fetch;
  const backoff = options.backoff ?? DEFAULT_BACKOFF;
  const random = options.random ?? Math.random;
  const setTimer = options.setTimeout ?? ((fn: () => void, ms: number): unknown => globalThis.setTimeout(fn, ms));
  const clearTimer =
    options.clearTimeout ??
    ((handle: unknown): void => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>));

  let stopped = false;
  let attempt = 0;
  let timer: unknown = null;
  let controller: AbortController | null = null;
  /** The server's `retry:` hint, honoured as the shortest wait. */
  let serverRetryMs = 0;

  const status = (s: 'connecting' | 'open' | 'waiting'): void => {
    if (!stopped) options.onStatus?.(s);
  };

  const unauthorized = (): void => {
    stopped = true;
    options.onUnauthorized?.();
  };

  const scheduleReconnect = (): void => {
    if (stopped) return;
    const delay = Math.max(Math.min(serverRetryMs, backoff.maxMs), backoffDelayMs(attempt, backoff, random));
    attempt += 1;
    status('waiting');
    timer = setTimer(() => {
      timer = null;
      void connect();
    }, delay);
  };

  const dispatch = (message: EventSourceMessage): void => {
    if (message.event === FEEDBACK_EVENT) deliver(parseFeedbackEvent(message.data), options.onFeedback);
    else if (message.event === INSTALLATION_EVENT)
      deliver(parseInstallationEvent(message.data), options.onInstallation);
    // Any other event is one this client does not know yet: ignored.
  };

  /** One connection: resolves when it ended for any reason; decides what happens next. */
  const connect = async (): Promise<void> => {
    if (stopped) return;
    status('connecting');
    const abort = new AbortController();
    controller = abort;
    try {
      const token = await options.getToken();
      if (stopped) return;
      if (!token) {
        unauthorized();
        return;
      }
      const response = await fetchStream(options.url, {
        headers: { ...options.headers?.(), Authorization: authorizationValue(token), Accept: 'text/event-stream' },
        signal: abort.signal,
      });
      if (stopped) return;
      if (response.status === 401) {
        abort.abort();
        unauthorized();
        return;
      }
      const type = response.headers.get('content-type') ?? '';
      if (!response.ok || !response.body || !type.toLowerCase().startsWith('text/event-stream')) {
        abort.abort();
        scheduleReconnect();
        return;
      }
      status('open');
      attempt = 0;
      await readStream(response.body, abort);
    } catch {
      // Network error, abort, or a broken body: fall through to reconnect (unless stopped).
    } finally {
      if (controller === abort) controller = null;
    }
    scheduleReconnect();
  };

  const readStream = async (body: ReadableStream<Uint8Array>, abort: AbortController): Promise<void> => {
    let overflow = false;
    const parser = createParser({
      onEvent: dispatch,
      onRetry: (ms) => {
        serverRetryMs = ms;
      },
      onError: (error) => {
        if (error.type === 'max-buffer-size-exceeded') overflow = true;
      },
      maxBufferSize: MAX_BUFFER_CHARS,
    });
    const reader = body.getReader();
    const decoder = new TextDecoder();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done || stopped) break;
        parser.feed(decoder.decode(value, { stream: true }));
        if (overflow) break;
      }
    } finally {
      abort.abort();
      reader.cancel().catch(() => undefined);
    }
  };

  void connect();

  return {
    stop(): void {
      if (stopped) return;
      stopped = true;
      controller?.abort();
      controller = null;
      if (timer !== null) clearTimer(timer);
      timer = null;
    },
  };
}
