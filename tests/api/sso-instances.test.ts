/**
 * Single sign-on across instances behind a load balancer (REDIS_URL): a sign-in started on one
 * instance is finished by another, and the code one hands over is redeemed at the other. What the
 * sign-in keeps in Redis is stored under hashes, never the secrets, and is gone once used.
 */
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import type { LoginResponse } from '../../src/shared/api';
import { createApiClient } from '../helpers/api-client';
import { uniqueEmail } from '../helpers/factories';
import { startOidcProvider, type TestOidcProvider } from '../helpers/oidc-provider';
import { handedOverCode, send, signInThroughProvider, type CookieJar } from '../helpers/oidc-sign-in';
import { SHARED_REDIS_URL, deleteRedisKeys, redisKeys, uniqueRedisPrefix } from '../helpers/redis-server';
import { startTestServer, type TestServer } from '../helpers/start-server';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';

const prefix = uniqueRedisPrefix('sso');
let dir: string;
let database: TestDatabase;
let idp: TestOidcProvider;
let a: TestServer;
let b: TestServer;

beforeAll(async () => {
  dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'tellbox-sso-instances-'));
  database = await createTestDatabase(dir);
  idp = await startOidcProvider();
  const env = { ...idp.env, REDIS_PREFIX: prefix };
  // One after the other: the first one migrates the shared database. Both answer at A's PUBLIC_URL.
  a = await startTestServer({ selfPublicUrl: true, redisUrl: SHARED_REDIS_URL, database, env });
  b = await startTestServer({ redisUrl: SHARED_REDIS_URL, database, env: { ...env, PUBLIC_URL: a.publicUrl } });
  idp.allowRedirect(`${a.publicUrl}/api/auth/oidc/callback`);
  for (const instance of [a, b]) {
    await vi.waitFor(async () => {
      const health = await createApiClient(instance.url).get<{ redis: string }>('/api/health');
      expect(health.body.redis).toBe('ok');
    });
  }
});
afterAll(async () => {
  await b?.close();
  await a?.close();
  await idp?.close();
  await deleteRedisKeys(SHARED_REDIS_URL, prefix);
  await database?.drop();
  await fsp.rm(dir, { recursive: true, force: true });
});

test('a sign-in started on one instance is finished by the other, its code redeemed on the first', async () => {
  const jar: CookieJar = new Map();
  const email = uniqueEmail('instances');
  const { landedOn: callback } = await signInThroughProvider(a.url, { email, stopAtCallback: true, jar });
  const stored = await redisKeys(SHARED_REDIS_URL, prefix);
  expect(stored).toEqual([expect.stringMatching(new RegExp(`^${prefix}sso:flow:[0-9a-f]{64}$`))]);

  // The load balancer sends the provider's redirect back to the other instance, cookie and all.
  const atB = new URL(`${callback.pathname}${callback.search}`, b.url);
  jar.set(atB.origin, jar.get(callback.origin) ?? new Map());
  const finished = await send(jar, atB);
  expect(finished.status).toBe(303);
  const code = handedOverCode(new URL(finished.headers.get('location') ?? '', a.url));

  const login = await createApiClient(a.url).post<LoginResponse>('/api/auth/oidc/redeem', { code });
  expect(login.status).toBe(200);
  expect(login.body.email).toBe(email);
  expect(await redisKeys(SHARED_REDIS_URL, prefix)).toEqual([]);
});
