/**
 * The real server for the bench: built as `npm start` builds it, run as its own process on a
 * temporary DATA_DIR and a bench database (its SQLite file, or a throwaway PostgreSQL database),
 * and seeded through the API with a premium owner, a widget, published posts and a registered
 * installation host. Only what the API cannot do without e-mail or billing (confirmation, plan)
 * is written into the database directly (bench-database.ts), as the test factories do.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { confirmEmail, setPlan, type BenchDatabase } from './bench-database';
import { childEnv, freePort, startChildServer, type ChildServer } from './child-servers';

/** The customer site the widget is installed on; wrk sends it as Origin. */
export const SITE_ORIGIN = 'https://shop.example.com';
/** What a visitor sends; no honeypot field, so every 201 is a stored row. */
export const FEEDBACK_BODY = JSON.stringify({
  message: 'Love the new pricing page!',
  pageUrl: `${SITE_ORIGIN}/pricing`,
  authorName: 'Bench Visitor',
});

export const BENCH_OWNER = {
  name: 'Bench Owner',
  email: 'bench-owner@example.com',
  password: 'correct horse battery staple',
};
/** Seeding requests include a production-cost password hash; far below this on any machine. */
const REQUEST_TIMEOUT_MS = 15_000;
/** Far enough ahead that the premium plan never lapses during a run. */
const PLAN_EXPIRES_AT = '2099-12-31T00:00:00.000Z';

export interface SeededTellbox {
  server: ChildServer;
  siteKey: string;
  configPath: string;
  feedbackPath: string;
  /** The config answer's JSON text, as a visitor's browser gets it uncompressed. */
  configBody: string;
}

/** Bundles `server/` into `out/server/index.js`, exactly as `npm start` does. */
export function buildServer(root: string) {
  const built = spawnSync('npx', ['tsx', 'server/build.ts'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) throw new Error(`npx tsx server/build.ts failed (exit ${built.status})`);
}

/** Builds the console into `out/renderer` (`npm run build:renderer`), as `npm start` does when it is missing. */
export function buildRenderer(root: string) {
  const built = spawnSync('npm', ['run', 'build:renderer'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) throw new Error(`npm run build:renderer failed (exit ${built.status})`);
}

/** Sends one API request and returns the parsed JSON answer, or throws when the status differs. */
export async function expectStatus(
  server: ChildServer,
  expected: number,
  method: string,
  urlPath: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Record<string, unknown>> {
  const response = await fetch(`${server.url}${urlPath}`, {
    method,
    headers: body === undefined ? headers : { 'Content-Type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
    // Bounded: a server that hangs fails the bench rather than stalling CI.
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const text = await response.text();
  if (response.status !== expected)
    throw new Error(`${method} ${urlPath}: expected ${expected}, got ${response.status} ${text}`);
  return JSON.parse(text) as Record<string, unknown>;
}

/** Confirms the owner's e-mail and puts the account on premium. */
export async function confirmAndUpgrade(database: BenchDatabase, email: string) {
  await confirmEmail(database, email);
  await setPlan(database, email, 'premium', PLAN_EXPIRES_AT);
}

export interface TellboxOptions {
  root: string;
  dataDir: string;
  /** Where the server keeps its data: the SQLite file in `dataDir`, or a PostgreSQL database. */
  database: BenchDatabase;
  logLevel: string;
  nodeArgs: string[];
}

/**
 * Starts `out/server/index.js` on a free loopback port with DATA_DIR=`dataDir` and the bench
 * database, as `npm start` would (the production scrypt cost included).
 */
/**
 * Rate limits as a server runs them: `on` (production's ceilings), `raised` (every limiter in the
 * path, its ceilings multiplied by LOAD_TEST_RATE_LIMIT_FACTOR so a load from one address is never
 * refused), or `off`.
 */
export type BenchRateLimits = 'on' | 'raised' | 'off';

/** Far above what one address sends in a minute of load (about 60 000 × 10 per feedback minute). */
export const LOAD_TEST_RATE_LIMIT_FACTOR = 1_000_000;

export async function startTellbox(
  options: TellboxOptions & { name: string; rateLimits: BenchRateLimits },
): Promise<ChildServer> {
  const port = await freePort();
  return startChildServer({
    name: options.name,
    command: process.execPath,
    args: [...options.nodeArgs, path.join(options.root, 'out', 'server', 'index.js')],
    env: childEnv({
      // Always set, so a DATABASE_URL in the bench's own environment never reaches a server.
      DATABASE_URL: options.database.url,
      DATA_DIR: options.dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      RATE_LIMITS: options.rateLimits === 'off' ? 'off' : 'on',
      ...(options.rateLimits === 'raised' && { RATE_LIMIT_FACTOR: String(LOAD_TEST_RATE_LIMIT_FACTOR) }),
      LOG_LEVEL: options.logLevel,
    }),
    port,
  });
}

/**
 * Registers `owner` through the API, confirms and upgrades it to premium in the database, logs it
 * in, and returns the Authorization header of its session.
 */
export async function registerPremiumOwner(
  server: ChildServer,
  database: BenchDatabase,
  owner: { name: string; email: string; password: string },
): Promise<Record<string, string>> {
  await expectStatus(server, 201, 'POST', '/api/auth/register', owner);
  await confirmAndUpgrade(database, owner.email);
  const login = await expectStatus(server, 200, 'POST', '/api/auth/login', {
    email: owner.email,
    password: owner.password,
  });
  return { Authorization: `Bearer ${String(login.token)}` };
}

/** Creates a widget with feedback and news on; returns its id and site key. */
export async function createWidget(
  server: ChildServer,
  auth: Record<string, string>,
  name: string,
): Promise<{ _id: string; key: string }> {
  const created = await expectStatus(
    server,
    201,
    'POST',
    '/api/widget',
    { name, position: 'bottom-right', primaryColor: '#3B82F6', enableFeedback: true, enableNews: true },
    auth,
  );
  return created.widget as { _id: string; key: string };
}

/** Starts the server with every rate limit in the path, raised above the load, and seeds it. */
export async function startSeededTellbox(options: TellboxOptions): Promise<SeededTellbox> {
  const server = await startTellbox({
    ...options,
    name: `Tellbox server (${options.database.label})`,
    rateLimits: 'raised',
  });
  try {
    const auth = await registerPremiumOwner(server, options.database, BENCH_OWNER);
    const widget = await createWidget(server, auth, 'Bench shop');
    for (const title of ['We shipped dark mode', 'Faster checkout']) {
      const post = {
        widgetId: widget._id,
        title,
        content: 'Now available for everyone; try it from the settings page.',
        icon: '🚀',
        link: 'https://example.com/changelog',
        status: 'published',
      };
      await expectStatus(server, 201, 'POST', '/api/post', post, auth);
    }

    const configPath = `/api/public/widget/${encodeURIComponent(widget.key)}`;
    const feedbackPath = `${configPath}/feedback`;
    // The first request from the site registers its host; the load then measures the steady state.
    const config = await expectStatus(server, 200, 'GET', configPath, undefined, {
      Origin: SITE_ORIGIN,
    });
    const posts = (config.posts as unknown[] | undefined)?.length ?? 0;
    if (posts !== 2) throw new Error(`widget config lists ${posts} posts, expected 2`);
    await expectStatus(server, 201, 'POST', feedbackPath, JSON.parse(FEEDBACK_BODY), { Origin: SITE_ORIGIN });
    // The same JSON text the server sent: it writes JSON.stringify's, which a parse gives back.
    return { server, siteKey: widget.key, configPath, feedbackPath, configBody: JSON.stringify(config) };
  } catch (error) {
    // The caller never sees this server, so it must not outlive the failure.
    await server.stop();
    throw error;
  }
}
