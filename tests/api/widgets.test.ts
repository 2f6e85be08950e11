import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PUBLIC_WIDGET_MESSAGES } from '../../server/modules/public-widget/public-widget.service';
import { WIDGET_MESSAGES } from '../../server/modules/widgets/widgets.service';
import type { ApiErrorBody, PublicWidgetConfig, Widget, WidgetListResponse } from '../../src/shared/api';
import { tooLongMessage } from '../../src/shared/rules/messages';
import { MAX_OWNER_TEXT_LENGTH, OWNER_TEXT_FIELDS, WIDGET_STRINGS } from '../../src/shared/widget-language';
import { createApiClient, type ApiClient } from '../helpers/api-client';
import { VALID_WIDGET, createOwner, createWidget, type TestOwner } from '../helpers/factories';
import { startTestServer, type TestServer } from '../helpers/start-server';

let server: TestServer;
let api: ApiClient;

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const MISSING_ID = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  server = await startTestServer();
  api = createApiClient(server.url);
});
afterAll(() => server.close());

/** A fresh owner on premium, so plan limits never get in the way of these tests. */
function premiumOwner(): Promise<TestOwner> {
  return createOwner(server, api, { plan: 'premium' });
}

async function listWidgets(owner: TestOwner): Promise<Widget[]> {
  const response = await api.get<WidgetListResponse>('/api/widget', { token: owner.token });
  expect(response.status).toBe(200);
  return response.body.widgets;
}

function publicConfig(key: string, origin?: string) {
  return api.get<PublicWidgetConfig & ApiErrorBody>(`/api/public/widget/${key}`, {
    headers: origin ? { Origin: origin } : {},
  });
}

describe('GET /api/widget', () => {
  test('a new account has no widgets', async () => {
    const owner = await premiumOwner();
    const response = await api.get('/api/widget', { token: owner.token });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, widgets: [] });
  });

  test('answers 401 without a token', async () => {
    const response = await api.get('/api/widget');
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ message: 'Authentication required' });
  });

  test('lists the widgets the owner created, each in the wire shape', async () => {
    const owner = await premiumOwner();
    const first = await createWidget(api, owner, { name: 'First site' });
    server.clock.advance(1000);
    const second = await createWidget(api, owner, { name: 'Second site' });
    const widgets = await listWidgets(owner);
    expect(widgets).toHaveLength(2);
    expect(widgets.map((widget) => widget._id).sort()).toEqual([first._id, second._id].sort());
    expect(widgets.find((widget) => widget._id === first._id)).toEqual(first);
  });
});

describe('POST /api/widget', () => {
  test('creates a widget and answers 201 with its full wire shape and embed snippet', async () => {
    const owner = await premiumOwner();
    const before = server.clock.now().getTime();
    const response = await api.post<{ widget: Widget }>('/api/widget', VALID_WIDGET, { token: owner.token });
    expect(response.status).toBe(201);
    expect(Object.keys(response.body)).toEqual(['widget']);
    const { widget } = response.body;
    expect(widget.key).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(widget).toEqual({
      _id: expect.any(String),
      name: 'Main site',
      key: widget.key,
      createdAt: expect.stringMatching(ISO_UTC),
      snippet: `<script src="${server.publicUrl}/widget.js" data-site-key="${widget.key}" async></script>`,
      active: true,
      branding: { position: 'bottom-right', color: '#3B82F6' },
      enabledTabs: ['feedback', 'news'],
      lockHosts: false,
      installations: [],
      installationCount: 0,
      texts: {},
      hideLauncher: false,
      offsetX: 20,
      offsetY: 20,
      publicChangelog: true,
      changelogUrl: `${server.publicUrl}/changelog/${widget.key}`,
    });
    expect(Date.parse(widget.createdAt)).toBeGreaterThanOrEqual(before);
    expect(await listWidgets(owner)).toEqual([widget]);
  });

  test('each widget gets its own site key', async () => {
    const owner = await premiumOwner();
    const a = await createWidget(api, owner);
    const b = await createWidget(api, owner);
    expect(a.key).not.toBe(b.key);
    expect(a._id).not.toBe(b._id);
  });

  test('maps position, color and the two feature switches onto branding and enabledTabs', async () => {
    const owner = await premiumOwner();
    const newsOnly = await createWidget(api, owner, {
      position: 'bottom-left',
      primaryColor: '#abcdef',
      enableFeedback: false,
    });
    expect(newsOnly.branding).toEqual({ position: 'bottom-left', color: '#abcdef' });
    expect(newsOnly.enabledTabs).toEqual(['news']);
    const feedbackOnly = await createWidget(api, owner, { enableNews: false });
    expect(feedbackOnly.enabledTabs).toEqual(['feedback']);
  });

  test('the new widget is served by the public API with its settings', async () => {
    const owner = await premiumOwner();
    const widget = await createWidget(api, owner, {
      name: 'Public one',
      position: 'bottom-left',
      primaryColor: '#112233',
    });
    const response = await publicConfig(widget.key);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      widget: {
        key: widget.key,
        position: 'bottom-left',
        color: '#112233',
        enabledTabs: ['feedback', 'news'],
        hideLauncher: false,
        offsetX: 20,
        offsetY: 20,
        changelogUrl: widget.changelogUrl,
      },
      lang: 'en',
      strings: WIDGET_STRINGS.en,
      posts: [],
    });
  });

  describe('validation (docs/product.md §5 widget form)', () => {
    let owner: TestOwner;
    beforeAll(async () => {
      owner = await premiumOwner();
    });

    async function expectRejected(body: Record<string, unknown>, path: string, message: string) {
      const response = await api.post<ApiErrorBody>('/api/widget', body, { token: owner.token });
      expect(response.status).toBe(400);
      expect(response.body.message).toBe(message);
      expect(response.body.issues).toContainEqual({ path, message });
    }

    test('a name shorter than 2 characters is refused with the documented message', async () => {
      await expectRejected({ ...VALID_WIDGET, name: 'A' }, 'name', 'Name must be at least 2 characters');
      await expectRejected({ ...VALID_WIDGET, name: '' }, 'name', 'Name must be at least 2 characters');
    });

    test('a name that is 2 characters only with surrounding spaces is refused', async () => {
      await expectRejected({ ...VALID_WIDGET, name: '  A  ' }, 'name', 'Name must be at least 2 characters');
    });

    test('a two-character name is accepted and stored trimmed', async () => {
      const response = await api.post<{ widget: Widget }>(
        '/api/widget',
        { ...VALID_WIDGET, name: '  Ab ' },
        { token: owner.token },
      );
      expect(response.status).toBe(201);
      expect(response.body.widget.name).toBe('Ab');
    });

    test('a color that is not #RRGGBB is refused with the documented message', async () => {
      for (const primaryColor of ['blue', '#12345', '#1234567', '#GGGGGG', '3B82F6', '#3B8']) {
        await expectRejected({ ...VALID_WIDGET, primaryColor }, 'primaryColor', 'Please enter a valid hex color code');
      }
    });

    test('hex colors are accepted in lower and upper case', async () => {
      for (const primaryColor of ['#abcdef', '#ABCDEF', '#aBc123']) {
        const response = await api.post<{ widget: Widget }>(
          '/api/widget',
          { ...VALID_WIDGET, primaryColor },
          { token: owner.token },
        );
        expect(response.status).toBe(201);
        expect(response.body.widget.branding.color).toBe(primaryColor);
      }
    });

    test('a position other than bottom-right or bottom-left is refused naming the allowed values', async () => {
      await expectRejected(
        { ...VALID_WIDGET, position: 'top' },
        'position',
        "Invalid enum value. Expected 'bottom-right' | 'bottom-left', received 'top'",
      );
    });

    test('turning off both Feedback and News is refused with the documented message', async () => {
      await expectRejected(
        { ...VALID_WIDGET, enableFeedback: false, enableNews: false },
        'enableFeedback',
        'At least one feature (Feedback or News) must be enabled',
      );
    });

    test('missing fields are refused with Required', async () => {
      const { name: _name, ...withoutName } = VALID_WIDGET;
      await expectRejected(withoutName, 'name', 'Required');
    });

    test('a feature switch that is not a boolean is refused with the generic type message', async () => {
      await expectRejected({ ...VALID_WIDGET, enableNews: 'yes' }, 'enableNews', 'Expected boolean, received string');
    });

    test('nothing is created by a refused request', async () => {
      const fresh = await premiumOwner();
      const response = await api.post('/api/widget', { ...VALID_WIDGET, name: 'A' }, { token: fresh.token });
      expect(response.status).toBe(400);
      expect(await listWidgets(fresh)).toEqual([]);
    });
  });
});

describe('PUT /api/widget/:id', () => {
  test('updates the settings and keeps id, key and creation time', async () => {
    const owner = await premiumOwner();
    const widget = await createWidget(api, owner);
    server.clock.advance(5000);
    const response = await api.put<{ widget: Widget }>(
      `/api/widget/${widget._id}`,
      { name: 'Renamed', position: 'bottom-left', primaryColor: '#000000', enableFeedback: true, enableNews: false },
      { token: owner.token },
    );
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      widget: {
        ...widget,
        name: 'Renamed',
        branding: { position: 'bottom-left', color: '#000000' },
        enabledTabs: ['feedback'],
      },
    });
    expect(await listWidgets(owner)).toEqual([response.body.widget]);
  });

  test('the public config shows an edit at once, even right after being served', async () => {
    const owner = await premiumOwner();
    const widget = await createWidget(api, owner);
    expect((await publicConfig(widget.key)).body.widget.color).toBe(VALID_WIDGET.primaryColor);
    const put = await api.put(
      `/api/widget/${widget._id}`,
      { ...VALID_WIDGET, name: 'New name', primaryColor: '#FF0000' },
      { token: owner.token },
    );
    expect(put.status).toBe(200);
    const after = await publicConfig(widget.key);
    expect(after.status).toBe(200);
    expect(after.body.widget).toMatchObject({ color: '#FF0000' });
  });

  test('active:false hides the widget from the public API, active:true brings it back', async () => {
    const owner = await premiumOwner();
    const widget = await createWidget(api, owner);
    expect((await publicConfig(widget.key)).status).toBe(200);

    const off = await api.put<{ widget: Widget }>(
      `/api/widget/${widget._id}`,
      { ...VALID_WIDGET, active: false },
      { token: owner.token },
    );
    expect(off.status).toBe(200);
    expect(off.body.widget.active).toBe(false);
    const hidden = await publicConfig(widget.key);
    expect(hidden.status).toBe(404);
    expect(hidden.body).toEqual({ message: PUBLIC_WIDGET_MESSAGES.unknownWidget });
    const feedback = await api.post(`/api/public/widget/${widget.key}/feedback`, {
      message: 'Hello',
      pageUrl: 'https://a.example/',
    });
    expect(feedback.status).toBe(404);

    // An edit that does not mention `active` leaves it off.
    const rename = await api.put<{ widget: Widget }>(
      `/api/widget/${widget._id}`,
      { ...VALID_WIDGET, name: 'Still off' },
      { token: owner.token },
    );
    expect(rename.body.widget.active).toBe(false);
    expect((await publicConfig(widget.key)).status).toBe(404);

    const on = await api.put<{ widget: Widget }>(
      `/api/widget/${widget._id}`,
      { ...VALID_WIDGET, active: true },
      { token: owner.token },
    );
    expect(on.body.widget.active).toBe(true);
    expect((await publicConfig(widget.key)).status).toBe(200);
  });

  test('turning Feedback off makes the public API refuse feedback at once', async () => {
    const owner = await premiumOwner();
    const widget = await createWidget(api, owner);
    expect((await publicConfig(widget.key)).body.widget.enabledTabs).toEqual(['feedback', 'news']);
    const put = await api.put(
      `/api/widget/${widget._id}`,
      { ...VALID_WIDGET, enableFeedback: false },
      { token: owner.token },
    );
    expect(put.status).toBe(200);
    expect((await publicConfig(widget.key)).body.widget.enabledTabs).toEqual(['news']);
    const refused = await api.post(`/api/public/widget/${widget.key}/feedback`, {
      message: 'Hello',
      pageUrl: 'https://a.example/',
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: PUBLIC_WIDGET_MESSAGES.feedbackDisabled });
  });

  test('the same validation rules apply as on create', async () => {
    const owner = await premiumOwner();
    const widget = await createWidget(api, owner);
    const response = await api.put<ApiErrorBody>(
      `/api/widget/${widget._id}`,
      { ...VALID_WIDGET, enableFeedback: false, enableNews: false },
      { token: owner.token },
    );
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('At least one feature (Feedback or News) must be enabled');
    expect(await listWidgets(owner)).toEqual([widget]);
  });

  test('an unknown id is 404', async () => {
    const owner = await premiumOwner();
    const response = await api.put(`/api/widget/${MISSING_ID}`, VALID_WIDGET, { token: owner.token });
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ message: WIDGET_MESSAGES.notFound });
  });
});

describe("the owner's words and the launcher (texts, hideLauncher, offsetX/Y, publicChangelog)", () => {
  let owner: TestOwner;
  beforeAll(async () => {
    owner = await premiumOwner();
  });

  const DISPLAY = {
    texts: { it: { title: 'Parlaci', launcher: 'Scrivici' }, de: { thanks: 'Danke schön!' } },
    hideLauncher: true,
    offsetX: 0,
    offsetY: 200,
    publicChangelog: false,
  };

  test('a new widget stores them and every answer returns them', async () => {
    const widget = await createWidget(api, owner, DISPLAY);
    expect(widget).toMatchObject(DISPLAY);
    expect((await listWidgets(owner)).find((listed) => listed._id === widget._id)).toEqual(widget);
  });

  test('an edit that leaves them out keeps them; one that names them changes them', async () => {
    const widget = await createWidget(api, owner, DISPLAY);
    const kept = await api.put<{ widget: Widget }>(
      `/api/widget/${widget._id}`,
      { ...VALID_WIDGET, name: 'Renamed' },
      { token: owner.token },
    );
    expect(kept.status).toBe(200);
    expect(kept.body.widget).toMatchObject({ ...DISPLAY, name: 'Renamed' });

    const changed = await api.put<{ widget: Widget }>(
      `/api/widget/${widget._id}`,
      { ...VALID_WIDGET, texts: {}, hideLauncher: false, offsetX: 48, publicChangelog: true },
      { token: owner.token },
    );
    expect(changed.body.widget).toMatchObject({
      texts: {},
      hideLauncher: false,
      offsetX: 48,
      offsetY: 200,
      publicChangelog: true,
    });
  });

  test('texts are stored trimmed; a blank one drops the rewording, a language left with none is dropped', async () => {
    const widget = await createWidget(api, owner, {
      texts: { it: { title: '  Parlaci  ', launcher: '   ' }, fr: { title: '', thanks: '  ' }, es: {} },
    });
    expect(widget.texts).toEqual({ it: { title: 'Parlaci' } });
    const row = await server.db.selectFrom('widgets').select('texts').where('id', '=', widget._id).executeTakeFirst();
    expect(JSON.parse(row?.texts ?? 'null')).toEqual({ it: { title: 'Parlaci' } });

    const cleared = await api.put<{ widget: Widget }>(
      `/api/widget/${widget._id}`,
      { ...VALID_WIDGET, texts: { it: { title: ' ' } } },
      { token: owner.token },
    );
    expect(cleared.body.widget.texts).toEqual({});
    const clearedRow = await server.db
      .selectFrom('widgets')
      .select('texts')
      .where('id', '=', widget._id)
      .executeTakeFirst();
    expect(clearedRow?.texts).toBeNull();
  });

  test('a row whose texts are not what the form writes reads as no rewording, not an error', async () => {
    const widget = await createWidget(api, owner, { texts: { it: { title: 'Parlaci' } } });
    for (const stored of ['{not json', '"text"', '{"xx":{"title":"?"}}']) {
      await server.db.updateTable('widgets').set({ texts: stored }).where('id', '=', widget._id).execute();
      const listed = (await listWidgets(owner)).find((item) => item._id === widget._id);
      expect(listed?.texts).toEqual({});
    }
  });

  describe('validation', () => {
    async function expectRejected(changes: Record<string, unknown>, path: string, message: string) {
      const response = await api.post<ApiErrorBody>(
        '/api/widget',
        { ...VALID_WIDGET, ...changes },
        { token: owner.token },
      );
      expect(response.status).toBe(400);
      expect(response.body.issues).toContainEqual({ path, message });
    }

    test('a language that is none of the five is refused', async () => {
      await expectRejected({ texts: { xx: { title: 'Hi' } } }, 'texts', "Unrecognized key(s) in object: 'xx'");
    });

    test('a text other than title, launcher, placeholder and thanks is refused', async () => {
      await expectRejected(
        { texts: { it: { subtitle: 'Ciao' } } },
        'texts.it',
        "Unrecognized key(s) in object: 'subtitle'",
      );
    });

    test('each text may be as long as its limit after trimming, and no longer', async () => {
      for (const field of OWNER_TEXT_FIELDS) {
        const max = MAX_OWNER_TEXT_LENGTH[field];
        await expectRejected(
          { texts: { de: { [field]: 'x'.repeat(max + 1) } } },
          `texts.de.${field}`,
          tooLongMessage(max),
        );
        const fits = await createWidget(api, owner, { texts: { de: { [field]: ` ${'x'.repeat(max)} ` } } });
        expect(fits.texts.de?.[field]).toBe('x'.repeat(max));
      }
    });

    test('offsets are whole pixels from 0 to 200', async () => {
      await expectRejected({ offsetX: 201 }, 'offsetX', 'Number must be less than or equal to 200');
      await expectRejected({ offsetY: -1 }, 'offsetY', 'Number must be greater than or equal to 0');
      await expectRejected({ offsetX: 1.5 }, 'offsetX', 'Expected int, received number');
      await expectRejected({ offsetY: '20' }, 'offsetY', 'Expected number, received string');
    });

    test('hideLauncher and publicChangelog are booleans', async () => {
      await expectRejected({ hideLauncher: 'yes' }, 'hideLauncher', 'Expected boolean, received string');
      await expectRejected({ publicChangelog: 1 }, 'publicChangelog', 'Expected boolean, received number');
    });
  });
});

describe('DELETE /api/widget/:id', () => {
  test('deletes the widget, then answers 404 for it', async () => {
    const owner = await premiumOwner();
    const keep = await createWidget(api, owner, { name: 'Keep me' });
    const widget = await createWidget(api, owner, { name: 'Delete me' });
    expect((await publicConfig(widget.key)).status).toBe(200);

    const first = await api.delete(`/api/widget/${widget._id}`, { token: owner.token });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ message: WIDGET_MESSAGES.deleted });
    expect(await listWidgets(owner)).toEqual([keep]);
    expect((await publicConfig(widget.key)).status).toBe(404);

    const again = await api.delete(`/api/widget/${widget._id}`, { token: owner.token });
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ message: WIDGET_MESSAGES.notFound });
    expect((await api.put(`/api/widget/${widget._id}`, VALID_WIDGET, { token: owner.token })).status).toBe(404);
  });

  test('deleting a widget removes its feedback, posts and installations with it', async () => {
    const owner = await premiumOwner();
    const widget = await createWidget(api, owner);
    expect((await publicConfig(widget.key, 'https://gone.example')).status).toBe(200);
    const sent = await api.post(
      `/api/public/widget/${widget.key}/feedback`,
      { message: 'Hi', pageUrl: 'https://gone.example/' },
      {
        headers: { Origin: 'https://gone.example' },
      },
    );
    expect(sent.status).toBe(201);
    const post = await api.post(
      '/api/post',
      {
        widgetId: widget._id,
        title: 'Hello',
        content: 'Some content long enough.',
        icon: '🚀',
      },
      { token: owner.token },
    );
    expect(post.status).toBe(201);

    expect((await api.delete(`/api/widget/${widget._id}`, { token: owner.token })).status).toBe(200);
    const feedback = await api.get<{ feedbacks: unknown[] }>('/api/feedback', { token: owner.token });
    expect(feedback.body.feedbacks).toEqual([]);
    const posts = await api.get<{ posts: unknown[] }>('/api/post', { token: owner.token });
    expect(posts.body.posts).toEqual([]);
    const leftovers = await server.db
      .selectFrom('installations')
      .selectAll()
      .where('widget_id', '=', widget._id)
      .execute();
    expect(leftovers).toEqual([]);
  });
});

describe('installations', () => {
  test('loading the public config from a site registers its host on the widget', async () => {
    const owner = await createOwner(server, api);
    const widget = await createWidget(api, owner);
    const response = await publicConfig(widget.key, 'https://a.example');
    expect(response.status).toBe(200);
    const [listed] = await listWidgets(owner);
    expect(listed?.installations).toEqual([{ host: 'a.example', createdAt: expect.stringMatching(ISO_UTC) }]);

    // The same host on another port is the same installation.
    expect((await publicConfig(widget.key, 'https://a.example:8443')).status).toBe(200);
    expect((await listWidgets(owner))[0]?.installations.map((installation) => installation.host)).toEqual([
      'a.example',
    ]);
  });

  test('removing an installation frees its place for another site', async () => {
    const owner = await createOwner(server, api);
    const widget = await createWidget(api, owner);
    expect((await publicConfig(widget.key, 'https://a.example')).status).toBe(200);
    const refused = await publicConfig(widget.key, 'https://b.example');
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: PUBLIC_WIDGET_MESSAGES.notAnInstallation });

    // The host is matched whatever its letter case.
    const removed = await api.delete<{ widget: Widget }>(`/api/widget/${widget._id}/installations/A.Example`, {
      token: owner.token,
    });
    expect(removed.status).toBe(200);
    expect(removed.body.widget._id).toBe(widget._id);
    expect(removed.body.widget.installations).toEqual([]);

    expect((await publicConfig(widget.key, 'https://b.example')).status).toBe(200);
    expect((await listWidgets(owner))[0]?.installations.map((installation) => installation.host)).toEqual([
      'b.example',
    ]);
    // a.example is now the one that is refused.
    expect((await publicConfig(widget.key, 'https://a.example')).status).toBe(403);
  });

  test('removing a host that is not registered is 404', async () => {
    const owner = await createOwner(server, api);
    const widget = await createWidget(api, owner);
    expect((await publicConfig(widget.key, 'https://a.example')).status).toBe(200);
    const response = await api.delete(`/api/widget/${widget._id}/installations/unknown.example`, {
      token: owner.token,
    });
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ message: WIDGET_MESSAGES.installationNotFound });
    expect((await listWidgets(owner))[0]?.installations.map((installation) => installation.host)).toEqual([
      'a.example',
    ]);
  });

  test('removing an installation of an unknown widget is 404', async () => {
    const owner = await createOwner(server, api);
    const response = await api.delete(`/api/widget/${MISSING_ID}/installations/a.example`, { token: owner.token });
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ message: WIDGET_MESSAGES.notFound });
  });
});
