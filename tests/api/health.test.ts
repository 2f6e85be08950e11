import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createApiClient, type ApiClient } from '../helpers/api-client';
import { startTestServer, type TestServer } from '../helpers/start-server';

let server: TestServer;
let api: ApiClient;

beforeAll(async () => {
  server = await startTestServer();
  api = createApiClient(server.url);
});
afterAll(() => server.close());

describe('GET /api/health', () => {
  test('answers 200 {status: ok} once the server serves requests, the database ok, Redis off when not configured', async () => {
    const response = await api.get('/api/health');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok', database: 'ok', redis: 'off' });
  });

  test('an unknown API path is a 404 with the one error shape for a logged-in owner, 401 without a token', async () => {
    expect((await api.get('/api/nope')).status).toBe(401);
  });
});
