/**
 * What the cluster suites do to Tellbox from outside: HTTP requests whose every outcome is kept
 * (a status, or the transport error), owners set up through the API and PostgreSQL, and owner
 * event streams read in the background.
 */
import http from 'node:http';
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import pg from 'pg';
import type { LoginResponse } from '../../src/shared/api';
import type { PlanId } from '../../src/shared/plans';
import { EVENT_STREAM_PATH } from '../../src/shared/desktop-events';
import { uniqueEmail } from '../helpers/factories';
import { sleep } from './tellbox-processes';

/** A visitor's page: every feedback and config request of the suites comes from this site. */
export const SITE_ORIGIN = 'https://shop.example.com';

export type Outcome =
  { status: number; text: string; headers: http.IncomingHttpHeaders } | { status: undefined; error: string };

export interface SendOptions {
  method?: string;
  body?: unknown;
  headers?: Record<string, string>;
  token?: string;
  /** Sent as is instead of `body` as JSON. */
  rawBody?: string;
  /** A keep-alive agent for load; by default each request has its own connection. */
  agent?: http.Agent;
}

/** One request; never throws, so a test can count what came back. */
export function send(baseUrl: string, pathName: string, options: SendOptions = {}): Promise<Outcome> {
  const url = new URL(pathName, baseUrl);
  const payload = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  const headers: Record<string, string> = { ...options.headers };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  return new Promise((resolve) => {
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method: options.method ?? (payload === undefined ? 'GET' : 'POST'),
        agent: options.agent ?? false,
        headers,
        timeout: 30_000,
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text, headers: response.headers }));
        response.on('error', (error: NodeJS.ErrnoException) =>
          resolve({ status: undefined, error: error.code ?? error.message }),
        );
      },
    );
    request.on('timeout', () => request.destroy(new Error('client timeout')));
    request.on('error', (error: NodeJS.ErrnoException) =>
      resolve({ status: undefined, error: error.code ?? error.message }),
    );
    request.end(payload);
  });
}

/** The answer's JSON body; throws with the answer when the status is not `expected`. */
export function expectJson<T>(outcome: Outcome, expected: number): T {
  if (outcome.status !== expected) {
    const got = outcome.status === undefined ? outcome.error : `${outcome.status} ${outcome.text}`;
    throw new Error(`expected ${expected}, got ${got}`);
  }
  return JSON.parse(outcome.text) as T;
}

/** Runs one SQL statement on `databaseUrl`. */
export async function query<Row extends pg.QueryResultRow>(databaseUrl: string, text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<Row>(text, values)).rows;
  } finally {
    await client.end();
  }
}

export interface ClusterOwner {
  id: string;
  email: string;
  password: string;
  token: string;
}

/**
 * Registers an owner through `baseUrl`, confirms the address and sets the plan in the database
 * (mail and billing have suites of their own), and logs in. `headers` may say which client
 * address the requests come from, for instances with rate limits on.
 */
export async function createClusterOwner(
  baseUrl: string,
  databaseUrl: string,
  options: { plan?: PlanId; headers?: Record<string, string> } = {},
): Promise<ClusterOwner> {
  const email = uniqueEmail('cluster');
  const password = 'cluster owner password';
  const headers = options.headers ?? {};
  expectJson(
    await send(baseUrl, '/api/auth/register', { body: { name: 'Cluster Owner', email, password }, headers }),
    201,
  );
  const plan = options.plan ?? 'free';
  const updated = await query(
    databaseUrl,
    'update users set email_confirmed_at = now() where email = $1 returning id',
    [email],
  );
  if (updated.length !== 1) throw new Error(`no account for ${email}`);
  // The account's own workspace shares its id.
  await query(
    databaseUrl,
    `update workspaces set plan = $2,
       plan_expires_at = case when $2 = 'free' then null else now() + interval '30 days' end
     where id = $1`,
    [updated[0]?.id, plan],
  );
  const login = expectJson<LoginResponse>(
    await send(baseUrl, '/api/auth/login', { body: { email, password }, headers }),
    200,
  );
  return { id: login.id, email, password, token: login.token };
}

/** An owner's event stream as a test sees it. */
export interface OwnerStream {
  status: number;
  events: EventSourceMessage[];
  /** When each event arrived (performance.now()), in the order of `events`. */
  arrivals: number[];
  isEnded(): boolean;
  close(): void;
}

/** Opens `GET /api/events` on `baseUrl` and reads it in the background. */
export async function openOwnerStream(baseUrl: string, token: string, workspaceId?: string): Promise<OwnerStream> {
  const abort = new AbortController();
  const response = await fetch(`${baseUrl}${EVENT_STREAM_PATH}`, {
    headers: { Authorization: `Bearer ${token}`, ...(workspaceId ? { 'Tellbox-Workspace': workspaceId } : {}) },
    signal: abort.signal,
  });
  let ended = false;
  const stream: OwnerStream = {
    status: response.status,
    events: [],
    arrivals: [],
    isEnded: () => ended,
    close: () => abort.abort(),
  };
  const parser = createParser({
    onEvent: (event) => {
      stream.events.push(event);
      stream.arrivals.push(performance.now());
    },
  });
  void (async () => {
    try {
      const decoder = new TextDecoder();
      for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
        parser.feed(decoder.decode(chunk, { stream: true }));
      }
    } catch {
      // closed by the test, or the connection was cut
    } finally {
      ended = true;
    }
  })();
  return stream;
}

/** Polls `check` every 10 ms until it holds; the time it took (ms), or undefined after `ms`. */
export async function within(ms: number, check: () => boolean | Promise<boolean>): Promise<number | undefined> {
  const started = performance.now();
  for (;;) {
    if (await check()) return performance.now() - started;
    if (performance.now() - started > ms) return undefined;
    await sleep(10); // poll interval, not a wait for a result: the loop ends on `check` or at `ms`
  }
}
