/**
 * The widget in the visitor's language and the owner's words (docs/product.md, "The widget and its
 * public API"): `GET /api/public/widget/:siteKey?lang=` answers every word in the language asked
 * for, with the owner's rewording on top, and the link to the public changelog in that language.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ApiErrorBody, PublicWidgetConfig, Widget } from '../../src/shared/api';
import type { WidgetInput } from '../../src/shared/schemas';
import { WIDGET_STRINGS } from '../../src/shared/widget-language';
import { createApiClient, type ApiClient } from '../helpers/api-client';
import { VALID_WIDGET, createOwner, createWidget, type TestOwner } from '../helpers/factories';
import { startTestServer, type TestServer } from '../helpers/start-server';

let server: TestServer;
let api: ApiClient;
let owner: TestOwner;

beforeAll(async () => {
  server = await startTestServer();
  api = createApiClient(server.url);
  owner = await createOwner(server, api, { plan: 'premium' });
});
afterAll(() => server.close());

/** The config as the widget asks for it, `query` written as is (`lang=it`, or anything at all). */
async function configOf(widget: Widget, query = '') {
  const response = await api.get<PublicWidgetConfig & ApiErrorBody>(
    `/api/public/widget/${widget.key}${query ? `?${query}` : ''}`,
  );
  expect(response.status, response.text).toBe(200);
  return response.body;
}

async function edit(widget: Widget, changes: Partial<WidgetInput>) {
  const response = await api.put<{ widget: Widget }>(
    `/api/widget/${widget._id}`,
    { ...VALID_WIDGET, ...changes },
    { token: owner.token },
  );
  expect(response.status, response.text).toBe(200);
  return response.body.widget;
}

describe('the language asked for', () => {
  let widget: Widget;
  beforeAll(async () => {
    widget = await createWidget(api, owner);
  });

  test('?lang=it answers every word in Italian', async () => {
    const config = await configOf(widget, 'lang=it');
    expect(config.lang).toBe('it');
    expect(config.strings).toEqual({ ...WIDGET_STRINGS.it, launcher: WIDGET_STRINGS.it.tabFeedback });
    expect(config.strings.title).toBe('Assistenza');
    expect(config.strings.send).toBe('Invia');
  });

  test('a regional tag or another case speaks the same language: it-IT, IT, it_CH', async () => {
    for (const tag of ['it-IT', 'IT', 'it_CH', 'it-it']) {
      const config = await configOf(widget, `lang=${tag}`);
      expect(config.lang).toBe('it');
      expect(config.strings.send).toBe('Invia');
    }
  });

  test('each of the five languages is spoken', async () => {
    const sends = [];
    for (const lang of ['en', 'it', 'de', 'fr', 'es'] as const) {
      const config = await configOf(widget, `lang=${lang}`);
      expect(config.lang).toBe(lang);
      sends.push(config.strings.send);
    }
    expect(sends).toEqual(['Send', 'Invia', 'Senden', 'Envoyer', 'Enviar']);
  });

  test('no language, an unknown one or garbage gets English, never an error', async () => {
    const long = 'it'.repeat(5000);
    for (const query of ['', 'lang=', 'lang=xx', 'lang=%ff', 'lang=%', `lang=${long}`, 'lang=%00it', 'v=1&x=it']) {
      const config = await configOf(widget, query);
      expect(config.lang, query).toBe('en');
      expect(config.strings.title).toBe('Support Widget');
    }
  });

  test('other parameters are ignored; the first lang counts', async () => {
    expect((await configOf(widget, 'v=3&lang=de&x=1')).lang).toBe('de');
    expect((await configOf(widget, 'lang=fr&lang=de')).lang).toBe('fr');
  });

  test('each language has its own ETag, and the same ETag whatever the tag that named it', async () => {
    const etag = async (query: string) =>
      (await api.get(`/api/public/widget/${widget.key}?${query}`)).headers.get('etag');
    const [en, it, itRegion, de] = [
      await etag('lang=en'),
      await etag('lang=it'),
      await etag('lang=it-IT'),
      await etag('lang=de'),
    ];
    expect(new Set([en, it, de]).size).toBe(3);
    expect(itRegion).toBe(it);
    const revalidated = await api.get(`/api/public/widget/${widget.key}?lang=it`, {
      headers: { 'If-None-Match': it ?? '', 'Cache-Control': 'max-age=0' },
    });
    expect(revalidated.status).toBe(304);
    // An Italian ETag is no English one.
    const english = await api.get(`/api/public/widget/${widget.key}`, {
      headers: { 'If-None-Match': it ?? '', 'Cache-Control': 'max-age=0' },
    });
    expect(english.status).toBe(200);
  });
});

describe("the owner's words", () => {
  test("an owner's Italian words show in the Italian answer and not in the English one", async () => {
    const widget = await createWidget(api, owner, {
      texts: {
        it: { title: 'Parlaci', launcher: 'Scrivici', placeholder: 'Il tuo messaggio', thanks: 'Grazie mille!' },
      },
    });
    const italian = await configOf(widget, 'lang=it');
    expect(italian.strings).toMatchObject({
      title: 'Parlaci',
      launcher: 'Scrivici',
      placeholder: 'Il tuo messaggio',
      thanks: 'Grazie mille!',
      send: 'Invia',
    });
    const english = await configOf(widget);
    expect(english.strings).toMatchObject({
      title: 'Support Widget',
      launcher: 'Feedback',
      placeholder: WIDGET_STRINGS.en.placeholder,
      thanks: WIDGET_STRINGS.en.thanks,
    });
  });

  test('the launcher is named after the first tab unless reworded: a news-only widget says Updates', async () => {
    const newsOnly = await createWidget(api, owner, { enableFeedback: false });
    expect((await configOf(newsOnly)).strings.launcher).toBe('Updates');
    expect((await configOf(newsOnly, 'lang=de')).strings.launcher).toBe('Neuigkeiten');
    await edit(newsOnly, { enableFeedback: false, texts: { de: { launcher: 'Was ist neu?' } } });
    expect((await configOf(newsOnly, 'lang=de')).strings.launcher).toBe('Was ist neu?');
    expect((await configOf(newsOnly)).strings.launcher).toBe('Updates');
  });

  test("an edit reaches every language's cached answer at once", async () => {
    const widget = await createWidget(api, owner, { texts: { it: { title: 'Prima' } } });
    expect((await configOf(widget, 'lang=it')).strings.title).toBe('Prima');
    expect((await configOf(widget, 'lang=fr')).strings.title).toBe('Assistance');
    await edit(widget, { texts: { it: { title: 'Dopo' }, fr: { title: 'Après' } } });
    expect((await configOf(widget, 'lang=it')).strings.title).toBe('Dopo');
    expect((await configOf(widget, 'lang=fr')).strings.title).toBe('Après');
    await edit(widget, { texts: {} });
    expect((await configOf(widget, 'lang=it')).strings.title).toBe('Assistenza');
  });

  test('hideLauncher and the offsets reach the widget', async () => {
    const widget = await createWidget(api, owner, { hideLauncher: true, offsetX: 0, offsetY: 200 });
    const config = await configOf(widget, 'lang=es');
    expect(config.widget).toMatchObject({ hideLauncher: true, offsetX: 0, offsetY: 200 });
    await edit(widget, { hideLauncher: false, offsetX: 48 });
    expect((await configOf(widget, 'lang=es')).widget).toMatchObject({
      hideLauncher: false,
      offsetX: 48,
      offsetY: 200,
    });
  });
});

describe('the link to the public changelog', () => {
  test('is there while news and the public changelog are on, in the language of the answer', async () => {
    const widget = await createWidget(api, owner);
    const page = `${server.publicUrl}/changelog/${widget.key}`;
    expect(widget.changelogUrl).toBe(page);
    expect((await configOf(widget)).widget.changelogUrl).toBe(page);
    expect((await configOf(widget, 'lang=de')).widget.changelogUrl).toBe(`${page}?lang=de`);
    expect((await configOf(widget, 'lang=it-IT')).widget.changelogUrl).toBe(`${page}?lang=it`);
  });

  test('is null with the public changelog off, or with news off', async () => {
    const widget = await createWidget(api, owner);
    await edit(widget, { publicChangelog: false });
    expect((await configOf(widget)).widget.changelogUrl).toBeNull();
    expect((await configOf(widget, 'lang=de')).widget.changelogUrl).toBeNull();

    await edit(widget, { publicChangelog: true, enableNews: false });
    expect((await configOf(widget)).widget.changelogUrl).toBeNull();

    await edit(widget, { enableNews: true });
    expect((await configOf(widget)).widget.changelogUrl).toBe(widget.changelogUrl);
  });
});
