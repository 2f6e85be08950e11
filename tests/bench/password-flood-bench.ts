/**
 * The password-flood part of `npm run bench`: can one account stall the service with password
 * checks? One real Tellbox server process, rate limits on, the production scrypt cost. 64 wrong
 * `POST /api/user/change-password` from one free account arrive at once; meanwhile another owner
 * logs in again and again, and visitors fetch `/widget.js` 20 times a second. Idle and
 * flood alternate three times (each flood from another free account), so a change in the
 * machine's other load hits both alike; the budget is median during the floods ≤ 2 × idle median,
 * for the login and for `/widget.js` (the issue saw 34 s instead of 0.5 s for the login, and 24 s
 * instead of 7 ms for `/widget.js`).
 *
 * Each client has its own loopback address (127.0.0.x), as it would have its own address on the
 * internet, so the per-address limits apply to each on its own.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { ChildServer } from './child-servers';
import { confirmEmail, sqliteBenchDatabase, type BenchDatabase } from './bench-database';
import { benchSize } from './bench-profile';
import { startTellbox, type TellboxOptions } from './tellbox-server';
import type { BudgetCheck } from './widget-bench';

export const PASSWORD_FLOOD_BUDGET_COUNT = 1;
/** How much slower the other owner's login and /widget.js may get during the flood. */
const SLOWDOWN_BUDGET = 2;
const FLOOD_REQUESTS = 64;
const IDLE_LOGINS = 5;
/**
 * The other owner moves to a new address after this many logins: the per-address login limit
 * allows 30 attempts per 15 minutes, and the owner keeps logging in for as long as a flood lasts.
 */
const LOGINS_PER_OWNER_ADDRESS = 20;
const WIDGET_INTERVAL_MS = 50;
/** Far above any answer of a server that keeps up; without a fix, the flood's own answers take minutes. */
const REQUEST_TIMEOUT_MS = 180_000;

/** Idle and flood alternate this many times (3, or 1 in CI: bench-profile.ts); each round has its own attacker and addresses. */
const floodRounds = () => benchSize('BENCH_FLOOD_ROUNDS');
/** The visitor loading the widget; static files have no limit. */
const VISITOR_ADDRESS = '127.0.0.1';
const OWNER = { name: 'Other Owner', email: 'other-owner@example.com', password: 'another owner passphrase' };

/** A round's attacker, on a loopback address no other round uses, so no round inherits limits. */
function clientsOf(round: number) {
  return {
    attacker: { name: 'Free Account', email: `flood-${round}@example.com`, password: 'attacker passphrase 1' },
    attackerAddress: `127.0.0.${10 + round}`,
  };
}

interface Answer {
  status: number;
  ms: number;
  body: string;
}

/** One HTTP request from `localAddress`, timed from sending to the last byte of the answer. */
function send(
  server: ChildServer,
  urlPath: string,
  options: { localAddress: string; agent: http.Agent; method?: string; body?: unknown; token?: string },
): Promise<Answer> {
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const request = http.request(
      `${server.url}${urlPath}`,
      {
        method: options.method ?? 'GET',
        headers,
        localAddress: options.localAddress,
        agent: options.agent,
        timeout: REQUEST_TIMEOUT_MS,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            ms: performance.now() - started,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    request.on('timeout', () => request.destroy(new Error(`${urlPath}: no answer within ${REQUEST_TIMEOUT_MS} ms`)));
    request.on('error', (error) =>
      reject(new Error(`${options.method ?? 'GET'} ${urlPath} from ${options.localAddress}: ${error.message}`)),
    );
    request.end(body);
  });
}

function expectOk(answer: Answer, what: string, status = 200): Answer {
  if (answer.status !== status) throw new Error(`${what}: expected ${status}, got ${answer.status} ${answer.body}`);
  return answer;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? NaN) : ((sorted[middle - 1] ?? NaN) + (sorted[middle] ?? NaN)) / 2;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Samples {
  login: number[];
  widget: number[];
}

interface Agents {
  visitor: http.Agent;
  owner: http.Agent;
  attacker: http.Agent;
}

/** Where the other owner's logins come from: 127.0.0.100 and up, a new address every 20 logins. */
function ownerAddresses(): () => string {
  let logins = 0;
  return () => `127.0.0.${100 + Math.floor(logins++ / LOGINS_PER_OWNER_ADDRESS)}`;
}

/**
 * The other owner logs in back to back and visitors fetch /widget.js every 50 ms, until
 * `busy` settles (or, without it, until `IDLE_LOGINS` logins are done).
 */
async function sample(server: ChildServer, agents: Agents, ownerAddress: () => string, busy?: Promise<unknown>) {
  const samples: Samples = { login: [], widget: [] };
  let done = false;
  const stop = () => {
    done = true;
  };
  busy?.then(stop, stop);
  const logins = (async () => {
    while (!done && (busy || samples.login.length < IDLE_LOGINS)) {
      const answer = await send(server, '/api/auth/login', {
        method: 'POST',
        body: { email: OWNER.email, password: OWNER.password },
        localAddress: ownerAddress(),
        agent: agents.owner,
      });
      samples.login.push(expectOk(answer, 'the other owner’s login').ms);
    }
    if (!busy) stop();
  })();
  // Visitors do not wait for each other: a request goes out every 50 ms whatever the earlier ones
  // are doing, so a stall shows in every request that arrives during it, not in just one.
  const widget = (async () => {
    const answers: Promise<void>[] = [];
    let failure: unknown;
    while (!done) {
      const answer = send(server, '/widget.js', { localAddress: VISITOR_ADDRESS, agent: agents.visitor });
      answers.push(
        answer.then(
          (got) => void samples.widget.push(expectOk(got, 'GET /widget.js').ms),
          (error: unknown) => void (failure ??= error),
        ),
      );
      // The pacing of the visitors' load, not a wait: one request every 50 ms whatever the answers do.
      await sleep(WIDGET_INTERVAL_MS);
    }
    await Promise.all(answers);
    if (failure) throw failure;
  })();
  await Promise.all([logins, widget, busy]);
  return samples;
}

async function register(server: ChildServer, agents: Agents, account: typeof OWNER, database: BenchDatabase) {
  const answer = await send(server, '/api/auth/register', {
    method: 'POST',
    body: account,
    localAddress: VISITOR_ADDRESS,
    agent: agents.visitor,
  });
  expectOk(answer, `registering ${account.email}`, 201);
  await confirmEmail(database, account.email);
}

/** The round's attacker logs in; the token is what the flood is sent with. */
async function attackerToken(server: ChildServer, agents: Agents, round: number): Promise<string> {
  const { attacker, attackerAddress } = clientsOf(round);
  const login = await send(server, '/api/auth/login', {
    method: 'POST',
    body: { email: attacker.email, password: attacker.password },
    localAddress: attackerAddress,
    agent: agents.attacker,
  });
  return (JSON.parse(expectOk(login, 'the attacker’s login').body) as { token: string }).token;
}

/** The 64 wrong change-passwords, all at once. */
function flood(server: ChildServer, agents: Agents, round: number, token: string): Promise<Answer[]> {
  return Promise.all(
    Array.from({ length: FLOOD_REQUESTS }, (_, i) =>
      send(server, '/api/user/change-password', {
        method: 'POST',
        body: { currentPassword: `wrong password number ${i}`, newPassword: 'a new passphrase here' },
        token,
        localAddress: clientsOf(round).attackerAddress,
        agent: agents.attacker,
      }),
    ),
  );
}

async function run(server: ChildServer, database: BenchDatabase): Promise<BudgetCheck> {
  const agents: Agents = {
    visitor: new http.Agent({ keepAlive: true }),
    owner: new http.Agent({ keepAlive: true }),
    // Every flood request on a connection of its own, all at once.
    attacker: new http.Agent({ keepAlive: false, maxSockets: Infinity }),
  };
  const idle: Samples = { login: [], widget: [] };
  const during: Samples = { login: [], widget: [] };
  const answers: Answer[][] = [];
  const add = (to: Samples, from: Samples) => {
    to.login.push(...from.login);
    to.widget.push(...from.widget);
  };
  const roundTotal = floodRounds();
  try {
    await register(server, agents, OWNER, database);
    for (let round = 0; round < roundTotal; round += 1) {
      await register(server, agents, clientsOf(round).attacker, database);
    }
    const ownerAddress = ownerAddresses();
    // Warm-up: JIT, SQLite's page cache, the file's first reads.
    await sample(server, agents, ownerAddress);
    for (let round = 0; round < roundTotal; round += 1) {
      add(idle, await sample(server, agents, ownerAddress));
      const flooding = flood(server, agents, round, await attackerToken(server, agents, round));
      add(during, await sample(server, agents, ownerAddress, flooding));
      answers.push(await flooding);
    }
    return report(idle, during, answers, roundTotal);
  } finally {
    for (const agent of Object.values(agents)) agent.destroy();
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const millis = (ms: number) => `${ms.toFixed(1)} ms`;

function report(idle: Samples, during: Samples, rounds: Answer[][], roundCount: number): BudgetCheck {
  const all = rounds.flat();
  const limited = all.filter((answer) => answer.status === 429).length;
  const checked = all.filter((answer) => answer.status === 400).length;
  const others = all.length - limited - checked;
  console.log(
    `password flood: ${roundCount} round(s) of ${FLOOD_REQUESTS} wrong change-passwords at once, each from another free ` +
      `account: ${checked} × 400, ${limited} × 429${others ? `, ${others} other answers` : ''}; a round's last ` +
      `answer after ${rounds.map((answers) => seconds(Math.max(...answers.map((answer) => answer.ms)))).join(', ')}`,
  );
  const rows = [
    { label: 'another owner’s login', before: idle.login, while: during.login, format: seconds },
    { label: 'GET /widget.js', before: idle.widget, while: during.widget, format: millis },
  ];
  const results = rows.map((row) => {
    const ratio = median(row.while) / median(row.before);
    const [before, whileFlood] = [row.format(median(row.before)), row.format(median(row.while))];
    console.log(
      `  ${row.label.padEnd(22)} idle median ${before} (${row.before.length} samples); during the floods median ` +
        `${whileFlood}, max ${row.format(Math.max(...row.while))} (${row.while.length} samples) → ${ratio.toFixed(2)}×`,
    );
    return { ok: ratio <= SLOWDOWN_BUDGET, text: `${row.label} ${before} → ${whileFlood} (${ratio.toFixed(2)}×)` };
  });
  return {
    ok: limited > 0 && others === 0 && results.every((result) => result.ok),
    text:
      `password flood (${limited} of ${all.length} wrong change-passwords answered 429): ` +
      `${results.map((result) => result.text).join(', ')}; budget ≤ ${SLOWDOWN_BUDGET}× idle`,
  };
}

/** Starts its own server (rate limits on) in a temporary DATA_DIR, measures, and stops it. */
export async function benchPasswordFlood(options: Omit<TellboxOptions, 'dataDir' | 'database'>): Promise<BudgetCheck> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tellbox-flood-'));
  const database = sqliteBenchDatabase(dataDir);
  const server = await startTellbox({
    ...options,
    dataDir,
    database,
    name: 'Tellbox server (rate limits on)',
    rateLimits: 'on',
  });
  try {
    return await run(server, database);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`${reason}\nthe server's last output:\n${server.output()}`, { cause: error });
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The budget line when the flood could not be measured at all: failed, with the reason. */
export function failedPasswordFloodCheck(error: unknown): BudgetCheck {
  const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
  return { ok: false, text: `password flood: not measured (${reason})` };
}
