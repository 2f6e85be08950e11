/**
 * Which pages count as an installation (docs/plans-and-billing.md, "Plans"), and so tick the
 * dashboard's "Install the snippet" step: every origin but the console's own, compared whole
 * (scheme, host and port). A test page on another port of localhost is a site like any other.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Widget, WidgetListResponse } from '../../src/shared/api';
import { createApiClient, type ApiClient } from '../helpers/api-client';
import { createOwner, createWidget, type TestOwner } from '../helpers/factories';
import { startTestServer, type TestServer } from '../helpers/start-server';

const CONSOLE = 'http://localhost:3000';

let server: TestServer;
let api: ApiClient;

beforeAll(async () => {
  server = await startTestServer({ env: { PUBLIC_URL: CONSOLE } });
  api = createApiClient(server.url);
});
afterAll(() => server.close());

async function loadFrom(widget: Widget, origin: string) {
  const response = await api.get(`/api/public/widget/${widget.key}`, { headers: { Origin: origin } });
  expect(response.status).toBe(200);
}

/** The widget as the owner's console reads it (the onboarding card ticks on `installationCount`). */
async function ownersView(owner: TestOwner, widget: Widget) {
  const response = await api.get<WidgetListResponse>('/api/widget', { token: owner.token });
  expect(response.status).toBe(200);
  const found = response.body.widgets.find((w) => w._id === widget._id);
  expect(found).toBeDefined();
  return found!;
}

describe("the console's own origin against every other", () => {
  test("the console's own page (its live preview) registers nothing", async () => {
    const owner = await createOwner(server, api);
    const widget = await createWidget(api, owner);
    await loadFrom(widget, CONSOLE);
    expect((await ownersView(owner, widget)).installationCount).toBe(0);
  });

  test('a test page on another port of localhost is an installation, and ticks "Install the snippet"', async () => {
    const owner = await createOwner(server, api);
    const widget = await createWidget(api, owner);
    await loadFrom(widget, 'http://localhost:5500');
    const seen = await ownersView(owner, widget);
    expect(seen.installationCount).toBe(1);
    expect(seen.installations.map((installation) => installation.host)).toEqual(['localhost']);
  });

  test("the console's host under another scheme is a site too", async () => {
    const owner = await createOwner(server, api);
    const widget = await createWidget(api, owner);
    await loadFrom(widget, 'https://localhost:3000');
    expect((await ownersView(owner, widget)).installationCount).toBe(1);
  });
});
