/**
 * Hostile and malformed input against every endpoint that reads a body or a query (security
 * docs/api-conventions.md). Every rejection must be a 4xx with the one error body,
 * leak nothing about the server, and leave the database exactly as it was.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { dialectOf } from '../../server/db/dialect';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type {
  ApiErrorBody,
  FeedbackListResponse,
  LoginResponse,
  NewsPost,
  PublicWidgetConfig,
  UserProfile,
  Widget,
} from '../../src/shared/api';
import type { Database } from '../../server/db/schema';
import { createApiClient, type ApiClient, type ApiResponse, type RequestOptions } from '../helpers/api-client';
import {
  VALID_WIDGET,
  createOwner,
  createWidget,
  uniqueEmail,
  validFeedback,
  validPost,
  type TestOwner,
} from '../helpers/factories';
import { startTestServer, type TestServer } from '../helpers/start-server';

let server: TestServer;
let api: ApiClient;

/** A premium owner, so that every create below would succeed if validation let it through. */
let owner: TestOwner;
/** Changes its password in the final control test; nothing else touches it. */
let passwordOwner: TestOwner;
/** Logs out in the final control test. */
let logoutToken: string;
let widget: Widget;
let post: NewsPost;
/** A registered account that never confirmed its address. */
let pendingEmail: string;
let confirmToken: string;
/** A confirmed account whose password the reset control test changes. */
let resetToken: string;

const JSON_TYPE = { 'Content-Type': 'application/json' };
const LONG = 'a'.repeat(100_000);

const TABLES = [
  'users',
  'sessions',
  'email_tokens',
  'widgets',
  'installations',
  'feedback',
  'feedback_counters',
  'posts',
  'early_access',
] as const;

/** The primary key of each table: snapshots list rows in its order on SQLite and PostgreSQL alike. */
const KEYS: Record<(typeof TABLES)[number], string[]> = {
  users: ['id'],
  sessions: ['id'],
  email_tokens: ['id'],
  widgets: ['id'],
  installations: ['widget_id', 'host'],
  feedback: ['id'],
  feedback_counters: ['workspace_id', 'scope', 'month'],
  posts: ['id'],
  early_access: ['id'],
};

/** Every row of every table, in key order: "nothing was stored" compares two of these. */
async function snapshot(db: Kysely<Database>): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const table of TABLES) {
    const order = sql.join(KEYS[table].map((column) => sql.ref(column)));
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)} order by ${order}`.execute(
      db,
    );
    out[table] = rows;
  }
  return out;
}

/** How many tables the database holds (a dropped one would show). */
async function tableCount(): Promise<number> {
  const query =
    dialectOf(server.db) === 'postgres'
      ? sql<{ n: number }>`select count(*) as n from information_schema.tables where table_schema = current_schema()`
      : sql<{ n: number }>`select count(*) as n from sqlite_master where type = 'table'`;
  const { rows } = await query.execute(server.db);
  return Number(rows[0]?.n ?? 0);
}

async function rowCount(table: (typeof TABLES)[number]): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(server.db);
  return Number(rows[0]?.n ?? 0);
}

/** Stack frames, file paths and database internals: none of it may reach a client. */
const LEAKS: RegExp[] = [
  /^\s*at\s/m,
  /\bat \S+ \(/,
  /\bat (file|node):/,
  /node_modules/,
  /SQLITE/i,
  /\/work\//,
  /\/tmp\//,
  /\.[cm]?[jt]s:\d+/,
  /\b(TypeError|ReferenceError|SyntaxError|ZodError|SqliteError)\b/,
];

function expectErrorBody(response: ApiResponse<ApiErrorBody>) {
  expect(response.headers.get('content-type') ?? '').toMatch(/^application\/json/);
  const body: unknown = response.body;
  expect(body, `body was ${response.text.slice(0, 200)}`).toBeTypeOf('object');
  const record = body as Record<string, unknown>;
  expect(Object.keys(record).every((key) => key === 'message' || key === 'issues')).toBe(true);
  expect(typeof record.message).toBe('string');
  expect((record.message as string).length).toBeGreaterThan(0);
  if (record.issues !== undefined) {
    expect(Array.isArray(record.issues)).toBe(true);
    for (const issue of record.issues as unknown[]) {
      expect(issue).toEqual({ path: expect.any(String), message: expect.any(String) });
    }
  }
  for (const leak of LEAKS) expect(response.text).not.toMatch(leak);
}

/** Sends, then checks the status, the error body, and that no table changed. */
async function expectRejected(
  send: () => Promise<ApiResponse<ApiErrorBody>>,
  statuses: number[],
): Promise<ApiResponse<ApiErrorBody>> {
  const before = await snapshot(server.db);
  const response = await send();
  expect(statuses, `status ${response.status}: ${response.text.slice(0, 300)}`).toContain(response.status);
  expectErrorBody(response);
  expect(await snapshot(server.db)).toEqual(before);
  return response;
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Gives an account a working e-mail token without going through the mail (the accounts suite covers that). */
async function issueEmailToken(email: string, purpose: 'confirm-email' | 'reset-password'): Promise<string> {
  const user = await server.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  const token = randomBytes(32).toString('base64url');
  const now = server.clock.now();
  await server.db
    .insertInto('email_tokens')
    .values({
      id: randomUUID(),
      user_id: user.id,
      purpose,
      token_hash: hashToken(token),
      email: null,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + 60 * 60 * 1000).toISOString(),
      used_at: null,
    })
    .execute();
  return token;
}

type FieldType = 'string' | 'boolean' | 'enum';
type Presence = 'required' | 'optional' | 'nullish';
interface FieldSpec {
  type: FieldType;
  presence: Presence;
}

const req = (type: FieldType): FieldSpec => ({ type, presence: 'required' });
const opt = (type: FieldType): FieldSpec => ({ type, presence: 'optional' });
const nullish = (type: FieldType): FieldSpec => ({ type, presence: 'nullish' });

/** Values of the wrong JSON type (or outside the allow-list) for a field. */
function wrongValuesFor(spec: FieldSpec): unknown[] {
  const values: unknown[] =
    spec.type === 'boolean'
      ? ['true', 1, ['x'], { value: true }]
      : spec.type === 'enum'
        ? [12345, ['x'], { value: 'x' }, 'not-one-of-the-choices']
        : [12345, true, ['x'], { value: 'x' }];
  if (spec.presence !== 'nullish') values.push(null);
  return values;
}

interface BodyEndpoint {
  name: string;
  method: 'POST' | 'PUT';
  path: () => string;
  token?: () => string;
  /** A body this endpoint accepts; the final control tests send it. */
  valid: () => Record<string, unknown>;
  fields: Record<string, FieldSpec>;
  /** The public feedback route: smaller body cap, and `text/plain` is allowed. */
  isPublic?: boolean;
  /** The endpoint reads no body at all (logout): only the body parser's checks apply. */
  ignoresBody?: boolean;
  okStatus: number;
}

const widgetFields = {
  name: req('string'),
  position: req('enum'),
  primaryColor: req('string'),
  enableFeedback: req('boolean'),
  enableNews: req('boolean'),
  active: opt('boolean'),
};

const postFields = {
  widgetId: req('string'),
  title: req('string'),
  content: req('string'),
  icon: req('enum'),
  link: nullish('string'),
  status: opt('enum'),
};

const ENDPOINTS: BodyEndpoint[] = [
  {
    name: 'POST /api/auth/register',
    method: 'POST',
    path: () => '/api/auth/register',
    valid: () => ({ name: 'New Owner', email: 'bad-input-new@example.com', password: 'a fine password' }),
    fields: { name: req('string'), email: req('string'), password: req('string') },
    okStatus: 201,
  },
  {
    name: 'POST /api/auth/login',
    method: 'POST',
    path: () => '/api/auth/login',
    valid: () => ({ email: owner.email, password: owner.password }),
    fields: { email: req('string'), password: req('string') },
    okStatus: 200,
  },
  {
    name: 'POST /api/auth/logout',
    method: 'POST',
    path: () => '/api/auth/logout',
    token: () => logoutToken,
    valid: () => ({}),
    fields: {},
    ignoresBody: true,
    okStatus: 200,
  },
  {
    name: 'POST /api/public/resend-confirmation',
    method: 'POST',
    path: () => '/api/public/resend-confirmation',
    valid: () => ({ email: pendingEmail }),
    fields: { email: req('string') },
    okStatus: 200,
  },
  {
    name: 'POST /api/public/request-password-reset',
    method: 'POST',
    path: () => '/api/public/request-password-reset',
    valid: () => ({ email: owner.email }),
    fields: { email: req('string') },
    okStatus: 200,
  },
  {
    name: 'POST /api/public/reset-password',
    method: 'POST',
    path: () => '/api/public/reset-password',
    valid: () => ({ token: resetToken, password: 'a brand new password' }),
    fields: { token: req('string'), password: req('string') },
    okStatus: 200,
  },
  {
    name: 'POST /api/public/rebrand-submit',
    method: 'POST',
    path: () => '/api/public/rebrand-submit',
    valid: () => ({ email: 'early-bird@example.com' }),
    fields: { email: req('string') },
    okStatus: 201,
  },
  {
    name: 'PUT /api/user',
    method: 'PUT',
    path: () => '/api/user',
    token: () => owner.token,
    valid: () => ({ username: 'Renamed Owner', email: owner.email }),
    fields: { username: req('string'), email: req('string') },
    okStatus: 200,
  },
  {
    name: 'POST /api/user/change-password',
    method: 'POST',
    path: () => '/api/user/change-password',
    token: () => passwordOwner.token,
    valid: () => ({ currentPassword: passwordOwner.password, newPassword: 'another long secret' }),
    fields: { currentPassword: req('string'), newPassword: req('string') },
    okStatus: 200,
  },
  {
    name: 'POST /api/widget',
    method: 'POST',
    path: () => '/api/widget',
    token: () => owner.token,
    valid: () => ({ ...VALID_WIDGET, active: true }),
    fields: widgetFields,
    okStatus: 201,
  },
  {
    name: 'PUT /api/widget/:id',
    method: 'PUT',
    path: () => `/api/widget/${widget._id}`,
    token: () => owner.token,
    valid: () => ({ ...VALID_WIDGET, name: 'Edited widget', active: true }),
    fields: widgetFields,
    okStatus: 200,
  },
  {
    name: 'POST /api/post',
    method: 'POST',
    path: () => '/api/post',
    token: () => owner.token,
    valid: () => validPost(widget._id),
    fields: postFields,
    okStatus: 201,
  },
  {
    name: 'PUT /api/post/:id',
    method: 'PUT',
    path: () => `/api/post/${post._id}`,
    token: () => owner.token,
    valid: () => ({ ...validPost(widget._id), title: 'Edited title' }),
    fields: postFields,
    okStatus: 200,
  },
  {
    name: 'POST /api/public/widget/:siteKey/feedback',
    method: 'POST',
    path: () => `/api/public/widget/${widget.key}/feedback`,
    valid: () => validFeedback({ authorName: 'Ada', authorEmail: 'ada@example.com' }),
    fields: {
      message: req('string'),
      authorName: nullish('string'),
      authorEmail: nullish('string'),
      pageUrl: req('string'),
      website: opt('string'),
    },
    isPublic: true,
    okStatus: 201,
  },
];

function send(endpoint: BodyEndpoint, rawBody: string | Buffer, headers: Record<string, string> = JSON_TYPE) {
  const options: RequestOptions = { rawBody, headers };
  if (endpoint.token) options.token = endpoint.token();
  return api.request<ApiErrorBody>(endpoint.method, endpoint.path(), undefined, options);
}

function sendJson(endpoint: BodyEndpoint, body: unknown) {
  return send(endpoint, JSON.stringify(body));
}

/** Prepends raw JSON members to a valid body, so that only they can be the reason for a 400. */
function withRawMembers(endpoint: BodyEndpoint, members: string): string {
  const valid = JSON.stringify(endpoint.valid());
  return valid === '{}' ? `{${members}}` : `{${members},${valid.slice(1)}`;
}

beforeAll(async () => {
  server = await startTestServer();
  api = createApiClient(server.url);
  owner = await createOwner(server, api, { plan: 'premium' });
  passwordOwner = await createOwner(server, api);
  const secondLogin = await api.post<LoginResponse>('/api/auth/login', {
    email: owner.email,
    password: owner.password,
  });
  logoutToken = secondLogin.body.token;
  widget = await createWidget(api, owner);
  const created = await api.post<{ post: NewsPost }>('/api/post', validPost(widget._id), { token: owner.token });
  post = created.body.post;
  pendingEmail = uniqueEmail('pending');
  await api.post('/api/auth/register', { name: 'Pending Owner', email: pendingEmail, password: 'pending password' });
  confirmToken = await issueEmailToken(pendingEmail, 'confirm-email');
  const resetOwner = await createOwner(server, api);
  resetToken = await issueEmailToken(resetOwner.email, 'reset-password');
});
// Mail goes out in the background to DATA_DIR/outbox: `close()` waits for it, then removes it.
afterAll(() => server.close());

for (const endpoint of ENDPOINTS) {
  describe(`${endpoint.name} refuses bad input`, () => {
    test('malformed JSON is a 400 with a generic message', async () => {
      const response = await expectRejected(() => send(endpoint, '{'), [400]);
      expect(response.body.message).toBe('Malformed JSON in request body');
    });

    test('a bare JSON string is a 400', async () => {
      await expectRejected(() => send(endpoint, '"hello"'), [400]);
    });

    test('a bare JSON number is a 400', async () => {
      await expectRejected(() => send(endpoint, '42'), [400]);
    });

    test('a 2 MB body is a 413 with a generic message', async () => {
      const body = JSON.stringify({ ...endpoint.valid(), padding: 'x'.repeat(2 * 1024 * 1024) });
      const response = await expectRejected(() => send(endpoint, body), [413]);
      expect(response.body.message).toBe('Request body is too large');
    });

    test('a JSON body in an unsupported charset is a 415', async () => {
      await expectRejected(
        () =>
          send(endpoint, JSON.stringify(endpoint.valid()), { 'Content-Type': 'application/json; charset=iso-8859-1' }),
        [415],
      );
    });

    if (endpoint.isPublic) {
      test('a form-encoded body is a 415 (only JSON and text/plain JSON are read)', async () => {
        await expectRejected(
          () =>
            send(endpoint, 'message=hello&pageUrl=https%3A%2F%2Fexample.com', {
              'Content-Type': 'application/x-www-form-urlencoded',
            }),
          [415],
        );
      });
    } else {
      test('a valid JSON body sent as text/plain is a 415', async () => {
        const response = await expectRejected(
          () => send(endpoint, JSON.stringify(endpoint.valid()), { 'Content-Type': 'text/plain' }),
          [415],
        );
        expect(response.body.message).toBe('Content-Type must be application/json');
      });

      test('a body without any Content-Type is a 415', async () => {
        await expectRejected(() => send(endpoint, Buffer.from(JSON.stringify(endpoint.valid())), {}), [415]);
      });
    }

    if (endpoint.ignoresBody) return;

    test('a JSON array holding a valid body is a 400', async () => {
      const response = await expectRejected(() => send(endpoint, JSON.stringify([endpoint.valid()])), [400]);
      expect(response.body.message).toBe('Request body must be a JSON object');
    });

    test('JSON null is a 400', async () => {
      await expectRejected(() => send(endpoint, 'null'), [400]);
    });

    test('an unknown field next to valid ones is a 400', async () => {
      const response = await expectRejected(() => sendJson(endpoint, { ...endpoint.valid(), isAdmin: true }), [400]);
      expect(response.body.issues?.some((issue) => issue.message.includes('isAdmin'))).toBe(true);
    });

    test('a __proto__ member is a 400 and pollutes nothing', async () => {
      await expectRejected(() => send(endpoint, withRawMembers(endpoint, '"__proto__":{"polluted":1}')), [400]);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect(Object.prototype.hasOwnProperty.call(Object.prototype, 'polluted')).toBe(false);
      expect((await api.get('/api/health')).status).toBe(200);
      expect((await api.get('/api/widget', { token: owner.token })).status).toBe(200);
    });

    test('a constructor.prototype member is a 400 and pollutes nothing', async () => {
      await expectRejected(
        () => send(endpoint, withRawMembers(endpoint, '"constructor":{"prototype":{"polluted":1}}')),
        [400],
      );
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect((await api.get('/api/widget', { token: owner.token })).status).toBe(200);
    });

    for (const [field, spec] of Object.entries(endpoint.fields)) {
      for (const wrong of wrongValuesFor(spec)) {
        test(`${field} = ${JSON.stringify(wrong)} is a 400 naming the field`, async () => {
          const response = await expectRejected(
            () => sendJson(endpoint, { ...endpoint.valid(), [field]: wrong }),
            [400],
          );
          expect(response.body.issues?.map((issue) => issue.path)).toContain(field);
        });
      }

      if (spec.presence === 'required') {
        test(`a missing ${field} is a 400 naming the field`, async () => {
          const body = endpoint.valid();
          delete body[field];
          const response = await expectRejected(() => sendJson(endpoint, body), [400]);
          expect(response.body.issues?.map((issue) => issue.path)).toContain(field);
        });
      }

      if (spec.type !== 'boolean') {
        // The public route's 64 kB cap turns it away before validation; owner routes validate it.
        test(`a 100 000-character ${field} is a ${endpoint.isPublic ? 413 : 400}`, async () => {
          await expectRejected(
            () => sendJson(endpoint, { ...endpoint.valid(), [field]: LONG }),
            [endpoint.isPublic ? 413 : 400],
          );
        });
      }
    }
  });
}

/** Endpoints that read a query string: every case is a full path. */
interface QueryCase {
  name: string;
  method: 'GET' | 'POST';
  path: () => string;
  token?: () => string;
  statuses: number[];
}

const QUERY_CASES: QueryCase[] = [
  { name: 'confirm-email without a token', method: 'POST', path: () => '/api/public/confirm-email', statuses: [400] },
  {
    name: 'confirm-email with an empty token',
    method: 'POST',
    path: () => '/api/public/confirm-email?token=',
    statuses: [400],
  },
  {
    name: 'confirm-email with the token twice (an array)',
    method: 'POST',
    path: () => `/api/public/confirm-email?token=${confirmToken}&token=${confirmToken}`,
    statuses: [400],
  },
  {
    name: 'confirm-email with a bracketed token (an object in extended parsers)',
    method: 'POST',
    path: () => `/api/public/confirm-email?token[value]=${confirmToken}`,
    statuses: [400],
  },
  {
    name: 'confirm-email with a 10 000-character token',
    method: 'POST',
    path: () => `/api/public/confirm-email?token=${'a'.repeat(10_000)}`,
    statuses: [400],
  },
  {
    name: 'confirm-email with an SQL-injection token',
    method: 'POST',
    path: () => `/api/public/confirm-email?token=${encodeURIComponent("' OR '1'='1' --")}`,
    statuses: [400],
  },
  {
    name: 'feedback with limit=abc',
    method: 'GET',
    path: () => '/api/feedback?limit=abc',
    token: () => owner.token,
    statuses: [400],
  },
  {
    name: 'feedback with limit=0',
    method: 'GET',
    path: () => '/api/feedback?limit=0',
    token: () => owner.token,
    statuses: [400],
  },
  {
    name: 'feedback with limit=-1',
    method: 'GET',
    path: () => '/api/feedback?limit=-1',
    token: () => owner.token,
    statuses: [400],
  },
  {
    name: 'feedback with limit=1.5',
    method: 'GET',
    path: () => '/api/feedback?limit=1.5',
    token: () => owner.token,
    statuses: [400],
  },
  {
    name: 'feedback with limit=101',
    method: 'GET',
    path: () => '/api/feedback?limit=101',
    token: () => owner.token,
    statuses: [400],
  },
  {
    name: 'feedback with limit=1e309',
    method: 'GET',
    path: () => '/api/feedback?limit=1e309',
    token: () => owner.token,
    statuses: [400],
  },
  {
    name: 'feedback with two limits (an array)',
    method: 'GET',
    path: () => '/api/feedback?limit=1&limit=2',
    token: () => owner.token,
    statuses: [400],
  },
  {
    name: 'feedback with two widgetIds (an array)',
    method: 'GET',
    path: () => `/api/feedback?widgetId=${widget._id}&widgetId=${widget._id}`,
    token: () => owner.token,
    statuses: [400],
  },
  {
    name: 'feedback with a 10 000-character widgetId',
    method: 'GET',
    path: () => `/api/feedback?widgetId=${'a'.repeat(10_000)}`,
    token: () => owner.token,
    statuses: [400],
  },
  {
    name: 'feedback with an unknown widgetId',
    method: 'GET',
    path: () => `/api/feedback?widgetId=${randomUUID()}`,
    token: () => owner.token,
    statuses: [404],
  },
  {
    name: 'feedback with an SQL-injection widgetId',
    method: 'GET',
    path: () => `/api/feedback?widgetId=${encodeURIComponent("' OR 1=1 --")}`,
    token: () => owner.token,
    statuses: [404],
  },
  {
    name: 'feedback with a cursor that is not base64 JSON',
    method: 'GET',
    path: () => '/api/feedback?cursor=%25%25not-a-cursor%25%25',
    token: () => owner.token,
    statuses: [400],
  },
  {
    name: 'feedback with a cursor of the wrong shape',
    method: 'GET',
    path: () => `/api/feedback?cursor=${Buffer.from('{"createdAt":1}').toString('base64url')}`,
    token: () => owner.token,
    statuses: [400],
  },
  {
    name: 'feedback with a 10 000-character cursor',
    method: 'GET',
    path: () => `/api/feedback?cursor=${'a'.repeat(10_000)}`,
    token: () => owner.token,
    statuses: [400],
  },
  {
    name: 'posts with two widgetIds (an array)',
    method: 'GET',
    path: () => `/api/post?widgetId=${widget._id}&widgetId=x`,
    token: () => owner.token,
    statuses: [400],
  },
  {
    name: 'posts with a 10 000-character widgetId',
    method: 'GET',
    path: () => `/api/post?widgetId=${'a'.repeat(10_000)}`,
    token: () => owner.token,
    statuses: [400],
  },
  {
    name: 'posts with an SQL-injection widgetId',
    method: 'GET',
    path: () => `/api/post?widgetId=${encodeURIComponent("x' UNION SELECT * FROM users --")}`,
    token: () => owner.token,
    statuses: [404],
  },
];

describe('query strings are validated', () => {
  for (const queryCase of QUERY_CASES) {
    test(`${queryCase.name} is a ${queryCase.statuses.join('/')}`, async () => {
      const options: RequestOptions = {};
      if (queryCase.token) options.token = queryCase.token();
      await expectRejected(
        () => api.request<ApiErrorBody>(queryCase.method, queryCase.path(), undefined, options),
        queryCase.statuses,
      );
    });
  }

  test('a 100 000-character query string is refused by the HTTP layer (431) without detail or side effect', async () => {
    const before = await snapshot(server.db);
    const response = await api.post(`/api/public/confirm-email?token=${LONG}`);
    expect(response.status).toBe(431);
    for (const leak of LEAKS) expect(response.text).not.toMatch(leak);
    expect(await snapshot(server.db)).toEqual(before);
    expect((await api.get('/api/health')).status).toBe(200);
  });

  test('unknown query parameters are ignored: the answer is the one without them, and nothing echoes them', async () => {
    const plain = await api.get<FeedbackListResponse>('/api/feedback', { token: owner.token });
    const extra = await api.get<FeedbackListResponse>('/api/feedback?isAdmin=true&workspaceId=x&_=123', {
      token: owner.token,
    });
    expect(extra.status).toBe(200);
    expect(extra.text).toBe(plain.text);
    expect(extra.text).not.toContain('isAdmin');
  });

  test('prototype-pollution keys in a query string are inert', async () => {
    const response = await api.get<FeedbackListResponse>(
      '/api/feedback?__proto__[polluted]=1&constructor[prototype][polluted]=1&__proto__.polluted=1',
      { token: owner.token },
    );
    expect(response.status).toBeLessThan(500);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((await api.get('/api/feedback', { token: owner.token })).status).toBe(200);
  });

  test('a well-formed cursor carrying SQL text returns no rows instead of everything', async () => {
    await api.post(`/api/public/widget/${widget.key}/feedback`, validFeedback({ message: 'cursor probe' }));
    const cursor = Buffer.from(JSON.stringify(['1970-01-01T00:00:00.000Z', "' OR 1=1 --"])).toString('base64url');
    const response = await api.get<FeedbackListResponse>(`/api/feedback?cursor=${cursor}`, { token: owner.token });
    expect(response.status).toBe(200);
    expect(response.body.feedbacks).toEqual([]);
  });

  test('a cursor whose time is not a time this server wrote is a 400 naming the cursor', async () => {
    for (const time of ["' OR 1=1 --", '2026-13-45', '2026-11-24 03:00:00']) {
      const cursor = Buffer.from(JSON.stringify([time, 'x'])).toString('base64url');
      for (const path of ['/api/feedback', `/api/widget/${widget._id}/installations`]) {
        const response = await api.get<ApiErrorBody>(`${path}?cursor=${cursor}`, { token: owner.token });
        expect(response.status, `${path} ${time}`).toBe(400);
        expect(response.body.issues).toEqual([{ path: 'cursor', message: 'Invalid cursor' }]);
      }
    }
  });
});

describe('SQL-injection strings in ids', () => {
  const INJECTIONS = [
    "' OR '1'='1",
    '1; DROP TABLE widgets; --',
    "x' UNION SELECT id, email FROM users --",
    '%27%20OR%201%3D1',
  ];

  for (const injection of INJECTIONS) {
    const id = encodeURIComponent(injection);

    test(`widget, post, user and installation routes answer 404 for id ${JSON.stringify(injection)}`, async () => {
      const widgetBody = { ...VALID_WIDGET, name: 'Hijacked' };
      await expectRejected(() => api.put<ApiErrorBody>(`/api/widget/${id}`, widgetBody, { token: owner.token }), [404]);
      await expectRejected(() => api.delete<ApiErrorBody>(`/api/widget/${id}`, { token: owner.token }), [404]);
      await expectRejected(
        () => api.delete<ApiErrorBody>(`/api/widget/${widget._id}/installations/${id}`, { token: owner.token }),
        [404],
      );
      await expectRejected(
        () => api.put<ApiErrorBody>(`/api/post/${id}`, validPost(widget._id), { token: owner.token }),
        [404],
      );
      await expectRejected(() => api.delete<ApiErrorBody>(`/api/post/${id}`, { token: owner.token }), [404]);
      await expectRejected(() => api.delete<ApiErrorBody>(`/api/user/${id}`, { token: owner.token }), [404]);
    });

    test(`the public widget API answers 404 for site key ${JSON.stringify(injection)}`, async () => {
      await expectRejected(() => api.get<ApiErrorBody>(`/api/public/widget/${id}`), [404]);
      await expectRejected(() => api.post<ApiErrorBody>(`/api/public/widget/${id}/feedback`, validFeedback()), [404]);
    });
  }

  test('an oversized id is a 404, not an error', async () => {
    const id = 'x'.repeat(5000);
    await expectRejected(() => api.put<ApiErrorBody>(`/api/widget/${id}`, VALID_WIDGET, { token: owner.token }), [404]);
    await expectRejected(() => api.get<ApiErrorBody>(`/api/public/widget/${id}`), [404]);
  });

  test("another owner's widget id with SQL appended reveals nothing", async () => {
    const other = await createOwner(server, api);
    const id = encodeURIComponent(`${widget._id}' OR workspace_id != '`);
    await expectRejected(() => api.put<ApiErrorBody>(`/api/widget/${id}`, VALID_WIDGET, { token: other.token }), [404]);
    const list = await api.get<FeedbackListResponse>(`/api/feedback?widgetId=${id}`, { token: other.token });
    expect(list.status).toBe(404);
    const own = await api.get<FeedbackListResponse>('/api/feedback', { token: other.token });
    expect(own.body.feedbacks).toEqual([]);
  });
});

describe('the NUL character (U+0000), which PostgreSQL cannot store', () => {
  const NUL = '\u0000';

  test('in any JSON field of an owner or public body it is a 400 that says why, and nothing is stored', async () => {
    const sends = [
      () => api.post<ApiErrorBody>('/api/widget', { ...VALID_WIDGET, name: `Shop${NUL}` }, { token: owner.token }),
      () =>
        api.post<ApiErrorBody>('/api/post', { ...validPost(widget._id), title: `News${NUL}` }, { token: owner.token }),
      () =>
        api.post<ApiErrorBody>(
          `/api/public/widget/${widget.key}/feedback`,
          validFeedback({ message: `Hi${NUL}there` }),
        ),
      () => api.post<ApiErrorBody>('/api/public/rebrand-submit', { email: `a${NUL}@example.com` }),
    ];
    for (const send of sends) {
      const response = await expectRejected(send, [400]);
      expect(response.body.message).toBe('Text must not contain the NUL character (U+0000)');
    }
  });

  test('in an id or a query parameter it is refused with a 4xx, never a 500', async () => {
    const id = encodeURIComponent(`x${NUL}`);
    await expectRejected(
      () => api.put<ApiErrorBody>(`/api/widget/${id}`, VALID_WIDGET, { token: owner.token }),
      [400, 404],
    );
    await expectRejected(() => api.get<ApiErrorBody>(`/api/public/widget/${id}`), [400, 404]);
    await expectRejected(
      () => api.get<ApiErrorBody>(`/api/feedback?widgetId=${id}`, { token: owner.token }),
      [400, 404],
    );
  });
});

describe('SQL-injection strings in fields', () => {
  test('an e-mail carrying SQL is refused at login and at the reset request', async () => {
    await expectRejected(
      () => api.post<ApiErrorBody>('/api/auth/login', { email: `${owner.email}' --`, password: 'x' }),
      [400],
    );
    await expectRejected(
      () => api.post<ApiErrorBody>('/api/auth/login', { email: "' OR '1'='1", password: "' OR '1'='1" }),
      [400],
    );
    await expectRejected(
      () => api.post<ApiErrorBody>('/api/public/request-password-reset', { email: "x@example.com' OR 1=1 --" }),
      [400],
    );
  });

  test('a password carrying SQL is just a wrong password (401)', async () => {
    await expectRejected(
      () => api.post<ApiErrorBody>('/api/auth/login', { email: owner.email, password: "' OR '1'='1' --" }),
      [401],
    );
  });

  test('free-text fields store SQL text literally, add exactly one row, and drop no table', async () => {
    const tablesBefore = await tableCount();
    const name = "Robert'); DROP TABLE users; --";
    const email = uniqueEmail('bobby');
    const usersBefore = await rowCount('users');
    expect((await api.post('/api/auth/register', { name, email, password: "pw' OR 1=1 --" })).status).toBe(201);
    expect(await rowCount('users')).toBe(usersBefore + 1);
    const stored = await server.db
      .selectFrom('users')
      .select('name')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(stored.name).toBe(name);

    const widgetsBefore = await rowCount('widgets');
    const widgetName = "x'); DELETE FROM widgets; --";
    const created = await api.post<{ widget: Widget }>(
      '/api/widget',
      { ...VALID_WIDGET, name: widgetName },
      { token: owner.token },
    );
    expect(created.status).toBe(201);
    expect(created.body.widget.name).toBe(widgetName);
    expect(await rowCount('widgets')).toBe(widgetsBefore + 1);

    const feedbackBefore = await rowCount('feedback');
    const message = "1'); UPDATE users SET plan = 'premium'; --";
    const sent = await api.post(`/api/public/widget/${widget.key}/feedback`, validFeedback({ message }));
    expect(sent.status).toBe(201);
    expect(await rowCount('feedback')).toBe(feedbackBefore + 1);
    const row = await server.db
      .selectFrom('feedback')
      .select('message')
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(row.message).toBe(message);
    const plans = await server.db.selectFrom('workspaces').select('plan').where('plan', '=', 'premium').execute();
    expect(plans).toHaveLength(1);

    expect(await tableCount()).toBe(tablesBefore);
  });
});

describe('right-to-left text, emoji and invisible characters are kept byte for byte', () => {
  const bytes = (text: string) => Buffer.from(text, 'utf8').toString('hex');

  test("a widget named 'متجري 🛍️' is stored, listed and served publicly unchanged", async () => {
    const name = 'متجري 🛍️';
    const created = await api.post<{ widget: Widget }>(
      '/api/widget',
      { ...VALID_WIDGET, name },
      { token: owner.token },
    );
    expect(created.status).toBe(201);
    expect(bytes(created.body.widget.name)).toBe(bytes(name));
    const row = await server.db
      .selectFrom('widgets')
      .select('name')
      .where('id', '=', created.body.widget._id)
      .executeTakeFirstOrThrow();
    expect(bytes(row.name)).toBe(bytes(name));
    const listed = await api.get<{ widgets: Widget[] }>('/api/widget', { token: owner.token });
    expect(listed.body.widgets.find((item) => item._id === created.body.widget._id)?.name).toBe(name);
  });

  test('a feedback message mixing Arabic, Hebrew, emoji, zero-width and combining characters is stored unchanged', async () => {
    const message = 'مرحبا 👋🏽 שלום\u200F עולם\u200B\u200C\u200D 👨‍👩‍👧‍👦 cafe\u0301 \u202Eevil\u202C ok';
    const authorName = 'דני 🙂\u200D';
    const response = await api.post(
      `/api/public/widget/${widget.key}/feedback`,
      validFeedback({ message, authorName }),
    );
    expect(response.status).toBe(201);
    const row = await server.db
      .selectFrom('feedback')
      .select(['id', 'message', 'author_name'])
      .where('widget_id', '=', widget._id)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(bytes(row.message)).toBe(bytes(message));
    expect(bytes(row.author_name ?? '')).toBe(bytes(authorName));
    const listed = await api.get<FeedbackListResponse>('/api/feedback', { token: owner.token });
    const item = listed.body.feedbacks.find((feedback) => feedback._id === row.id);
    expect(item && bytes(item.message)).toBe(bytes(message));
    expect(item && bytes(item.authorName ?? '')).toBe(bytes(authorName));
  });

  test('a news post with an RTL title and emoji content is stored and served unchanged', async () => {
    const title = 'إصدار جديد 🎉';
    const content = 'גרסה חדשה עם מצב כהה 🌙 و\u200Bدعم كامل للعربية ✨';
    const created = await api.post<{ post: NewsPost }>(
      '/api/post',
      { ...validPost(widget._id), title, content },
      { token: owner.token },
    );
    expect(created.status).toBe(201);
    const row = await server.db
      .selectFrom('posts')
      .select(['title', 'content'])
      .where('id', '=', created.body.post._id)
      .executeTakeFirstOrThrow();
    expect(bytes(row.title)).toBe(bytes(title));
    expect(bytes(row.content)).toBe(bytes(content));
    const config = await api.get<PublicWidgetConfig>(`/api/public/widget/${widget.key}`);
    const served = config.body.posts.find((item) => item.createdAt === created.body.post.createdAt);
    expect(served && bytes(served.title)).toBe(bytes(title));
    expect(served && bytes(served.content)).toBe(bytes(content));
  });

  test('an owner name in Persian with emoji is accepted on sign-up and on the profile', async () => {
    const name = 'سارا 👩‍💻';
    const email = uniqueEmail('rtl');
    expect((await api.post('/api/auth/register', { name, email, password: 'rtl password' })).status).toBe(201);
    const row = await server.db.selectFrom('users').select('name').where('email', '=', email).executeTakeFirstOrThrow();
    expect(bytes(row.name)).toBe(bytes(name));
    const renamed = 'יעל 🌸 עם\u200Dשם';
    const updated = await api.put('/api/user', { username: renamed, email: owner.email }, { token: owner.token });
    expect(updated.status).toBe(200);
    const profile = await api.get<{ user: UserProfile }>('/api/user', { token: owner.token });
    expect(bytes(profile.body.user.username)).toBe(bytes(renamed));
  });
});

/**
 * Runs last: the valid body of every row in the table is accepted, so the rejections above were
 * caused by the one thing each case changed.
 */
describe('control: the valid body of every endpoint in the table is accepted', () => {
  for (const endpoint of ENDPOINTS) {
    test(`${endpoint.name} answers ${endpoint.okStatus} to its valid body`, async () => {
      const response = await sendJson(endpoint, endpoint.valid());
      expect(response.status, response.text).toBe(endpoint.okStatus);
    });
  }

  test('confirm-email accepts its valid token', async () => {
    const response = await api.post(`/api/public/confirm-email?token=${confirmToken}`);
    expect(response.status, response.text).toBe(200);
  });
});
