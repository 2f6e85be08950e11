/**
 * One server-sent events response: the headers that keep proxies from buffering or caching it,
 * and writers for events and comments. It knows nothing about owners or feedback.
 */
import type { Response } from 'express';

export interface SseConnection {
  readonly closed: boolean;
  /** Writes `event: <name>` and `data:` lines (a multi-line value becomes several `data:` lines). */
  send(event: string, data: string): void;
  /** Writes a comment line (`: text`): a heartbeat that clients ignore and proxies see as traffic. */
  comment(text: string): void;
  /** Tells the client how long to wait before reconnecting (the `retry:` field). */
  retry(ms: number): void;
  /** Ends the response (the client sees the stream close); safe to call twice. */
  close(): void;
  /** Runs once when the response ends, whoever ended it (us, the client, or the network). */
  onClose(listener: () => void): void;
}

/**
 * A client that stops reading lets unsent bytes pile up in memory; past this many the stream is
 * closed (a reconnecting client starts clean).
 */
const MAX_PENDING_BYTES = 256 * 1024;

/** Sends the event-stream headers at once and returns the writer. */
export function openSse(res: Response): SseConnection {
  let closed = false;
  const closeListeners: (() => void)[] = [];

  res.status(200);
  res.set({
    'Content-Type': 'text/event-stream; charset=utf-8',
    // `no-cache` as the SSE spec's examples say, plus `no-store` (this is authenticated data) and
    // `no-transform` so that no proxy compresses, and thereby buffers, the stream.
    'Cache-Control': 'no-cache, no-store, no-transform',
    // nginx buffers proxied answers unless told not to.
    'X-Accel-Buffering': 'no',
  });
  res.flushHeaders();

  const finish = () => {
    if (closed) return;
    closed = true;
    for (const listener of closeListeners.splice(0)) listener();
  };
  res.on('close', finish);
  // The client may have gone while the request was being authenticated: 'close' has fired already.
  if (res.destroyed || !res.socket || res.socket.destroyed) finish();

  const write = (text: string) => {
    if (closed) return;
    res.write(text);
    if (res.writableLength > MAX_PENDING_BYTES) connection.close();
  };

  const connection: SseConnection = {
    get closed() {
      return closed;
    },
    send(event, data) {
      const lines = data.split(/\r\n|\r|\n/).map((line) => `data: ${line}\n`);
      write(`event: ${event}\n${lines.join('')}\n`);
    },
    comment(text) {
      write(`: ${text.replace(/[\r\n]/g, ' ')}\n\n`);
    },
    retry(ms) {
      write(`retry: ${Math.max(0, Math.round(ms))}\n\n`);
    },
    close() {
      if (!res.writableEnded) res.end();
      finish();
    },
    onClose(listener) {
      if (closed) listener();
      else closeListeners.push(listener);
    },
  };
  return connection;
}
