/**
 * HTTP hardening (docs/security-model.md, W-13; docs/api-conventions.md): security headers, no
 * caching of authenticated answers, generic errors with details only in the log, and logs that
 * never hold a secret.
 */
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import type { ApiErrorBody, LoginResponse, Widget } from '../../src/shared/api';
import { createApiClient, type ApiClient, type ApiResponse } from '../helpers/api-client';
import { createOwner, createWidget, uniqueEmail, validFeedback, validPost, type TestOwner } from '../helpers/factories';
import { startMailbox, tokenIn, type Mailbox } from '../helpers/mailbox';
import { startTestServer, type TestServer } from '../helpers/start-server';
import { defaultStaticPaths } from '../../server/static/static-assets';

const GENERIC_500 = 'Something went wrong on our side. Please try again.';

let server: TestServer;
let api: ApiClient;
let owner: TestOwner;
let widget: Widget;

beforeAll(async () => {
  // Without the built renderer, whether or not this checkout has one: with it, every page is the
  // console's SPA fallback (200), which tests/e2e/console covers.
  const staticPaths = { ...defaultStaticPaths(), rendererDir: path.join(os.tmpdir(), 'tellbox-no-renderer') };
  server = await startTestServer({ staticPaths });
  api = createApiClient(server.url);
  owner = await createOwner(server, api);
  widget = await createWidget(api, owner);
});
afterAll(() => server.close());

function directives(response: ApiResponse): Map<string, string> {
  const policy = response.headers.get('content-security-policy') ?? '';
  const map = new Map<string, string>();
  for (const part of policy.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name.toLowerCase(), values.join(' '));
  }
  return map;
}

function expectConsoleSecurityHeaders(response: ApiResponse) {
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  expect(response.headers.get('referrer-policy')).toBe('no-referrer');
  expect(response.headers.get('x-frame-options')).toBe('DENY');
  expect(response.headers.get('x-powered-by')).toBeNull();
  const hsts = /max-age=(\d+)/.exec(response.headers.get('strict-transport-security') ?? '');
  expect(Number(hsts?.[1] ?? 0)).toBeGreaterThanOrEqual(31_536_000);
  const csp = directives(response);
  expect(csp.get('frame-ancestors')).toBe("'none'");
  expect(csp.get('object-src')).toBe("'none'");
  expect(csp.get('base-uri')).toBe("'none'");
  expect(csp.get('default-src')).toBe("'self'");
  expect(csp.get('script-src') ?? '').not.toMatch(/unsafe-inline|unsafe-eval/);
}

describe('security headers', () => {
  test('authenticated API answers carry the full set', async () => {
    const response = await api.get('/api/widget', { token: owner.token });
    expect(response.status).toBe(200);
    expectConsoleSecurityHeaders(response);
  });

  test('auth answers and API errors (401, 404, 400) carry the full set too', async () => {
    const responses = [
      await api.post('/api/auth/login', { email: owner.email, password: owner.password }),
      await api.get('/api/widget'),
      await api.get('/api/no-such-route', { token: owner.token }),
      await api.post('/api/widget', undefined, {
        token: owner.token,
        rawBody: '{',
        headers: { 'Content-Type': 'application/json' },
      }),
      await api.get('/api/health'),
    ];
    expect(responses.map((response) => response.status)).toEqual([200, 401, 404, 400, 200]);
    for (const response of responses) expectConsoleSecurityHeaders(response);
  });

  test('a page outside the API is a 404 with the same headers', async () => {
    const response = await api.get('/no-such-page');
    expect(response.status).toBe(404);
    expectConsoleSecurityHeaders(response);
  });

  test('the public widget API has nosniff, no-referrer and no X-Powered-By, and may be loaded cross-origin', async () => {
    const response = await api.get(`/api/public/widget/${widget.key}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    expect(response.headers.get('x-powered-by')).toBeNull();
    expect(response.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
  });
});

describe('caching', () => {
  test('every authenticated answer is Cache-Control: no-store', async () => {
    await api.post('/api/post', validPost(widget._id), { token: owner.token });
    const paths = [
      '/api/user',
      '/api/widget',
      '/api/post',
      '/api/feedback',
      '/api/feedback/summary',
      '/api/dashboard/overview',
      '/api/user/limits/summary',
      '/api/user/subscription',
    ];
    for (const route of paths) {
      const response = await api.get(route, { token: owner.token });
      expect(response.status, route).toBe(200);
      expect(response.headers.get('cache-control'), route).toBe('no-store');
      expect(response.headers.get('etag'), route).toBeNull();
    }
  });

  test('login, logout and their errors are no-store too', async () => {
    const login = await api.post<LoginResponse>('/api/auth/login', { email: owner.email, password: owner.password });
    expect(login.headers.get('cache-control')).toBe('no-store');
    const failed = await api.post('/api/auth/login', { email: owner.email, password: 'wrong password' });
    expect(failed.status).toBe(401);
    expect(failed.headers.get('cache-control')).toBe('no-store');
    const logout = await api.post('/api/auth/logout', undefined, { token: login.body.token });
    expect(logout.status).toBe(200);
    expect(logout.headers.get('cache-control')).toBe('no-store');
  });
});

describe('unknown routes and errors', () => {
  test('an unknown /api path with a valid token is a 404 {message} for any method', async () => {
    for (const method of ['GET', 'POST', 'PUT', 'DELETE', 'PATCH']) {
      const response = await api.request<ApiErrorBody>(
        method,
        '/api/definitely/not/here',
        method === 'GET' ? undefined : {},
        {
          token: owner.token,
        },
      );
      expect(response.status, method).toBe(404);
      expect(response.body).toEqual({ message: 'Not found' });
    }
  });

  test('an unknown /api path without a token is a 401, revealing nothing about which routes exist', async () => {
    const unknown = await api.get<ApiErrorBody>('/api/definitely/not/here');
    const known = await api.get<ApiErrorBody>('/api/widget');
    expect(unknown.status).toBe(401);
    expect(unknown.text).toBe(known.text);
  });

  test('a 10 MB body is a 413 and the health check answers while it is still arriving', async () => {
    // The upload announces 10 MB and sends its first megabyte: the health check must be answered
    // before the rest is sent, so nothing waits on (or buffers) the oversized body. No stopwatch:
    // a server blocked by the upload would leave the health check unanswered, and this test would
    // time out. The 413 comes once the body has been read off (and thrown away).
    const size = 10 * 1024 * 1024;
    const upload = http.request(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Content-Length': size },
    });
    const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
      upload.on('response', (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      });
      upload.on('error', reject);
    });
    upload.write(Buffer.alloc(1024 * 1024, 'a'));

    const health = await api.get('/api/health');
    expect(health.status).toBe(200);
    upload.end(Buffer.alloc(size - 1024 * 1024, 'a'));
    const response = await answered;
    expect(response.status).toBe(413);
    expect(JSON.parse(response.body)).toEqual({ message: 'Request body is too large' });
  });
});

describe('a failing handler', () => {
  let broken: TestServer;
  let brokenApi: ApiClient;
  let logDir: string;
  let logFile: string;
  let brokenOwner: TestOwner;
  let brokenWidget: Widget;
  let feedbackOnly: Widget;

  beforeAll(async () => {
    logDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tellbox-errlog-'));
    logFile = path.join(logDir, 'server.log');
    broken = await startTestServer({ logLevel: 'error', logFile });
    brokenApi = createApiClient(broken.url);
    brokenOwner = await createOwner(broken, brokenApi, { plan: 'premium' });
    brokenWidget = await createWidget(brokenApi, brokenOwner);
    feedbackOnly = await createWidget(brokenApi, brokenOwner, { name: 'No news', enableNews: false });
    await sql`drop table posts`.execute(broken.db);
  });
  afterAll(async () => {
    await broken.close();
    await fs.rm(logDir, { recursive: true, force: true });
  });

  test('answers 500 with the generic message and no SQL, stack or path; details go to the log only', async () => {
    const responses = [
      await brokenApi.get<ApiErrorBody>('/api/post', { token: brokenOwner.token }),
      await brokenApi.post<ApiErrorBody>('/api/post', validPost(brokenWidget._id), { token: brokenOwner.token }),
      await brokenApi.get<ApiErrorBody>(`/api/public/widget/${brokenWidget.key}`),
    ];
    for (const response of responses) {
      expect(response.status).toBe(500);
      expect(response.body).toEqual({ message: GENERIC_500 });
      expect(response.text).not.toMatch(/posts|SQLITE|no such table|select|node_modules|\bat \S+ \(|\/work\//i);
    }
    expect(responses[2]?.headers.get('access-control-allow-origin')).toBe('*');
    const log = await fs.readFile(logFile, 'utf8');
    expect(log).toMatch(/no such table: posts|relation \\"posts\\" does not exist/);
    expect(log).toContain('request failed');
  });

  test('the process keeps serving: health is 200 and routes that do not touch the broken table work', async () => {
    expect((await brokenApi.get('/api/health')).status).toBe(200);
    expect((await brokenApi.get('/api/widget', { token: brokenOwner.token })).status).toBe(200);
    // Without the news tab, the public config never reads the dropped table.
    expect((await brokenApi.get(`/api/public/widget/${feedbackOnly.key}`)).status).toBe(200);
    expect((await brokenApi.post(`/api/public/widget/${feedbackOnly.key}/feedback`, validFeedback())).status).toBe(201);
  });
});

describe('logs', () => {
  let logged: TestServer;
  let loggedApi: ApiClient;
  let mailbox: Mailbox;
  let logDir: string;
  let logFile: string;

  beforeAll(async () => {
    mailbox = await startMailbox();
    logDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tellbox-log-'));
    logFile = path.join(logDir, 'server.log');
    logged = await startTestServer({ logLevel: 'info', logFile, smtpUrl: mailbox.url });
    loggedApi = createApiClient(logged.url);
  });
  afterAll(async () => {
    await logged.close();
    await mailbox.close();
    await fs.rm(logDir, { recursive: true, force: true });
  });

  test('hold no password, bearer token or e-mailed token, and request lines have method, path and status but no query', async () => {
    const email = uniqueEmail('logged');
    const password = 'Log-Secret-Password-1';
    const resetPassword = 'Log-Secret-Password-2';
    const newPassword = 'Log-Secret-Password-3';
    const secrets: string[] = [password, resetPassword, newPassword];

    expect((await loggedApi.post('/api/auth/register', { name: 'Logged Owner', email, password })).status).toBe(201);
    const confirmToken = tokenIn(await mailbox.waitFor(email, (mail) => /confirm/i.test(mail.text)));
    secrets.push(confirmToken);
    const confirmed = await loggedApi.post(`/api/public/confirm-email?token=${encodeURIComponent(confirmToken)}`);
    expect(confirmed.status).toBe(200);

    const wrong = await loggedApi.post('/api/auth/login', { email, password: 'Wrong-Secret-Password-0' });
    expect(wrong.status).toBe(401);
    secrets.push('Wrong-Secret-Password-0');
    const login = await loggedApi.post<LoginResponse>('/api/auth/login', { email, password });
    expect(login.status).toBe(200);
    secrets.push(login.body.token);
    const loggedWidget = await loggedApi.post<{ widget: Widget }>(
      '/api/widget',
      { name: 'Logged', position: 'bottom-right', primaryColor: '#3B82F6', enableFeedback: true, enableNews: true },
      { token: login.body.token },
    );
    expect(loggedWidget.status).toBe(201);

    expect((await loggedApi.post('/api/public/request-password-reset', { email })).status).toBe(200);
    const resetToken = tokenIn(await mailbox.waitFor(email, (mail) => /reset-password\?token=/.test(mail.text)));
    secrets.push(resetToken);
    const reset = await loggedApi.post('/api/public/reset-password', { token: resetToken, password: resetPassword });
    expect(reset.status).toBe(200);

    const relogin = await loggedApi.post<LoginResponse>('/api/auth/login', { email, password: resetPassword });
    expect(relogin.status).toBe(200);
    secrets.push(relogin.body.token);
    const changed = await loggedApi.post<{ user: { token: string } }>(
      '/api/user/change-password',
      { currentPassword: resetPassword, newPassword },
      { token: relogin.body.token },
    );
    expect(changed.status).toBe(200);
    secrets.push(changed.body.user.token);
    expect(
      (await loggedApi.get('/api/user?access_token=query-secret-value', { token: changed.body.user.token })).status,
    ).toBe(200);
    secrets.push('query-secret-value');

    // A visitor trying to forge a log line.
    const forged = 'x\n2026-01-01 INFO admin login ok\r\n{"level":30,"msg":"admin login ok"}';
    const sent = await loggedApi.post(
      `/api/public/widget/${loggedWidget.body.widget.key}/feedback`,
      validFeedback({ message: forged }),
    );
    expect(sent.status).toBe(201);

    // The log file is written in order, and a request's line once its answer is sent: when the
    // forged feedback's line is there, so is every line before it. The mails sent in the
    // background are delivered too (a failed one would be logged).
    await logged.mailIdle();
    const feedbackPath = `/api/public/widget/${loggedWidget.body.widget.key}/feedback`;
    await vi.waitFor(async () => expect(await fs.readFile(logFile, 'utf8')).toContain(`"path":"${feedbackPath}"`), {
      timeout: 5_000,
      interval: 10,
    });
    const log = await fs.readFile(logFile, 'utf8');
    for (const secret of secrets) expect(log, `log holds ${secret.slice(0, 6)}…`).not.toContain(secret);
    expect(log).not.toMatch(/Bearer\s+\S/i);

    const lines = log.split('\n').filter((line) => line.trim() !== '');
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(entries.some((entry) => entry.msg === 'admin login ok')).toBe(false);
    const requests = entries.filter((entry) => entry.msg === 'request');
    expect(requests.length).toBeGreaterThanOrEqual(10);
    for (const entry of requests) {
      expect(typeof entry.method).toBe('string');
      expect(typeof entry.path).toBe('string');
      expect(typeof entry.status).toBe('number');
      expect(entry.path as string).not.toContain('?');
      expect(entry.time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);
    }
    expect(requests).toContainEqual(
      expect.objectContaining({ method: 'POST', path: '/api/public/confirm-email', status: 200 }),
    );
    expect(requests).toContainEqual(expect.objectContaining({ method: 'GET', path: '/api/user', status: 200 }));
    // Every failed login leaves a line.
    expect(entries.filter((entry) => entry.event === 'login-failed')).toHaveLength(1);
    expect(requests).toContainEqual(expect.objectContaining({ method: 'POST', path: '/api/auth/login', status: 401 }));
  });
});
