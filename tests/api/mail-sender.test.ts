/**
 * `GET /api/server/mail-sender`: what the dashboard's warning about MAIL_FROM reads. Owners and
 * admins see the address and whether it is still the default at localhost; other roles are refused.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { MailSender } from '../../src/shared/api';
import { refusal, type Role } from '../../src/shared/roles';
import { createApiClient, type ApiClient } from '../helpers/api-client';
import { createOwner, type TestOwner } from '../helpers/factories';
import { startTestServer, type TestServer } from '../helpers/start-server';

const started: TestServer[] = [];
afterAll(() => Promise.all(started.map((server) => server.close())));

async function serverWith(env: Record<string, string> = {}) {
  const server = await startTestServer({ env });
  started.push(server);
  return { server, api: createApiClient(server.url) };
}

async function memberOf(server: TestServer, api: ApiClient, owner: TestOwner, role: Role) {
  const person = await createOwner(server, api, { name: `The ${role}` });
  await server.db
    .insertInto('workspace_members')
    .values({ workspace_id: owner.id, account_id: person.id, role, created_at: new Date().toISOString() })
    .execute();
  return person;
}

describe('the mail sender', () => {
  let server: TestServer;
  let api: ApiClient;
  let owner: TestOwner;
  beforeAll(async () => {
    ({ server, api } = await serverWith());
    owner = await createOwner(server, api);
  });

  test('the default MAIL_FROM is at localhost, and the owner and admins are told', async () => {
    const admin = await memberOf(server, api, owner, 'admin');
    for (const person of [owner, admin]) {
      const response = await api.get<MailSender>('/api/server/mail-sender', {
        token: person.token,
        headers: { 'Tellbox-Workspace': owner.id },
      });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ address: 'no-reply@localhost', local: true });
    }
  });

  test('members and viewers, who cannot change anything about it, are refused', async () => {
    for (const role of ['member', 'viewer'] as const) {
      const person = await memberOf(server, api, owner, role);
      const response = await api.get<{ message: string }>('/api/server/mail-sender', {
        token: person.token,
        headers: { 'Tellbox-Workspace': owner.id },
      });
      expect(response).toMatchObject({ status: 403, body: { message: refusal('server.read') } });
    }
  });

  test('a real sender address is not local', async () => {
    const other = await serverWith({ MAIL_FROM: '"Acme, Inc." <hello@acme.example>' });
    const someone = await createOwner(other.server, other.api);
    const response = await other.api.get<MailSender>('/api/server/mail-sender', { token: someone.token });
    expect(response.body).toEqual({ address: 'hello@acme.example', local: false });
  });

  test('without a session it is 401', async () => {
    expect((await api.get('/api/server/mail-sender')).status).toBe(401);
  });
});
