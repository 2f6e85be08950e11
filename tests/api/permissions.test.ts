/**
 * The permission table, checked route by route: one test per role and owner route, generated from
 * the OpenAPI contract (each owner operation names its permission) and src/shared/roles.ts. A role
 * the table refuses gets 403 with the message naming the role needed; a role it allows gets
 * anything else. Requests carry no valid body and unknown ids, so an allowed one changes nothing
 * (400 or 404) and every role meets the same data.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openApiDocument } from '../../server/openapi/document';
import { HTTP_METHODS } from '../../server/openapi/match-operation';
import { permissionOf } from '../../server/modules/workspaces/route-access';
import { EVENT_STREAM_PATH } from '../../src/shared/desktop-events';
import { can, refusal, ROLES, type Permission, type Role } from '../../src/shared/roles';
import { createApiClient, type ApiClient } from '../helpers/api-client';
import { createOwner, type TestOwner } from '../helpers/factories';
import { startTestServer, type TestServer } from '../helpers/start-server';

const MISSING_ID = '00000000-0000-4000-8000-000000000000';

interface OwnerRoute {
  method: string;
  path: string;
  permission: Permission;
  /** The path parameter naming the account acted on: oneself is always allowed (leaving). */
  self?: string;
}

/** Every owner route about a workspace, as the contract declares it. */
function workspaceRoutes(): OwnerRoute[] {
  const routes: OwnerRoute[] = [];
  for (const [path, item] of Object.entries(openApiDocument().paths ?? {})) {
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      const permission = operation && permissionOf(operation);
      if (!permission || permission === 'account') continue;
      const self = operation['x-self'];
      routes.push({ method, path, permission, self: typeof self === 'string' ? self : undefined });
    }
  }
  return routes;
}

const ROUTES = workspaceRoutes();

let server: TestServer;
let api: ApiClient;
let owner: TestOwner;
const people = new Map<Role, TestOwner>();

beforeAll(async () => {
  server = await startTestServer();
  api = createApiClient(server.url);
  owner = await createOwner(server, api, { plan: 'premium' });
  people.set('owner', owner);
  for (const role of ROLES.filter((candidate) => candidate !== 'owner')) {
    const person = await createOwner(server, api, { name: `The ${role}` });
    await server.db
      .insertInto('workspace_members')
      .values({ workspace_id: owner.id, account_id: person.id, role, created_at: new Date().toISOString() })
      .execute();
    people.set(role, person);
  }
});
afterAll(() => server.close());

/** A request any role can make without changing anything: unknown ids, an empty body. */
async function call(route: OwnerRoute, person: TestOwner) {
  const path = route.path.replace(/\{[^}]+\}/g, MISSING_ID);
  const headers = { 'Tellbox-Workspace': owner.id };
  if (path === EVENT_STREAM_PATH) {
    // The stream stays open when allowed: read the status, then hang up.
    const controller = new AbortController();
    const response = await fetch(`${server.url}${path}`, {
      headers: { ...headers, Authorization: `Bearer ${person.token}` },
      signal: controller.signal,
    });
    const body = response.status === 403 ? ((await response.json()) as { message: string }) : undefined;
    controller.abort();
    return { status: response.status, message: body?.message };
  }
  const body = route.method === 'get' || route.method === 'delete' ? undefined : {};
  const response = await api.request<{ message?: string }>(route.method.toUpperCase(), path, body, {
    token: person.token,
    headers,
  });
  return { status: response.status, message: response.body?.message };
}

test('every owner route names a permission, and the table has a route for each role to meet', () => {
  expect(ROUTES.length).toBeGreaterThan(40);
  for (const role of ROLES) expect(ROUTES.some((route) => can(role, route.permission))).toBe(true);
});

describe.each(ROLES)('as %s', (role) => {
  test.each(
    ROUTES.map((route) => [`${route.method.toUpperCase()} ${route.path} (${route.permission})`, route] as const),
  )('%s', async (_name, route) => {
    const answer = await call(route, people.get(role) as TestOwner);
    if (can(role, route.permission)) {
      expect(answer.message, 'allowed by the table').not.toBe(refusal(route.permission));
      expect(answer.status).not.toBe(401);
      expect(answer.status).toBeLessThan(500);
    } else {
      expect(answer).toEqual({ status: 403, message: refusal(route.permission) });
    }
  });
});

test('a workspace the account is not a member of is 404, whatever the route', async () => {
  const stranger = await createOwner(server, api);
  const answer = await api.get<{ message: string }>('/api/feedback', {
    token: stranger.token,
    headers: { 'Tellbox-Workspace': owner.id },
  });
  expect(answer.status).toBe(404);
  expect(answer.body.message).toBe('Workspace not found');
});

test('anyone may remove themselves, whatever their role; the table applies to removing others', async () => {
  const viewer = await createOwner(server, api, { name: 'Leaving viewer' });
  await server.db
    .insertInto('workspace_members')
    .values({ workspace_id: owner.id, account_id: viewer.id, role: 'viewer', created_at: new Date().toISOString() })
    .execute();
  const headers = { 'Tellbox-Workspace': owner.id };
  const other = await api.delete<{ message: string }>(`/api/workspace/members/${owner.id}`, {
    token: viewer.token,
    headers,
  });
  expect(other).toMatchObject({ status: 403, body: { message: refusal('team.manage') } });
  const leave = await api.delete(`/api/workspace/members/${viewer.id}`, { token: viewer.token, headers });
  expect(leave.status).toBe(200);
  const after = await api.get('/api/feedback', { token: viewer.token, headers });
  expect(after.status).toBe(404);
});
