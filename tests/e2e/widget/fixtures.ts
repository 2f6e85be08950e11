/**
 * Fixtures of the widget's browser tests. Each worker runs the real Tellbox app (a temporary
 * SQLite file on 127.0.0.1, serving the freshly built widget/dist/widget.js) and the fixture host
 * pages on another port under `*.test` host names. Each test gets a probe that records console
 * messages, page errors, CSP violations, feedback-sent events and the page's globals at start.
 */
import os from 'node:os';
import path from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import type { FeedbackItem, FeedbackListResponse, NewsPost, Widget } from '../../../src/shared/api';
import type { PlanId } from '../../../src/shared/plans';
import type { WidgetInput } from '../../../src/shared/schemas';
import { WIDGET_OUTFILE } from '../../../widget/build-options';
import { createApiClient, type ApiClient } from '../../helpers/api-client';
import { createOwner, createWidget, storeLegacyLink, validPost, type TestOwner } from '../../helpers/factories';
import { startTestServer, type TestServer } from '../../helpers/start-server';
import { startHostPages, type HostPages } from './host-pages';

export interface Tellbox {
  server: TestServer;
  api: ApiClient;
  pages: HostPages;
}

interface ConsoleEntry {
  type: string;
  text: string;
  url: string;
}

export interface Probe {
  console: ConsoleEntry[];
  pageErrors: string[];
  dialogs: string[];
}

declare global {
  interface Window {
    /** The widget's API (widget/src/index.ts). */
    Tellbox?: { open(tab?: 'feedback' | 'news'): void; close(): void };
  }
}

/** What the init script keeps on `window.__tb`. */
interface PageProbe {
  globals: string[];
  violations: string[];
  sent: unknown[];
}
type ProbedWindow = Window & { __tb: PageProbe };

export const test = base.extend<{ probe: Probe }, { tellbox: Tellbox }>({
  tellbox: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form
    async ({}, use) => {
      const server = await startTestServer({
        staticPaths: { rendererDir: path.join(os.tmpdir(), 'tellbox-e2e-no-renderer'), widgetFile: WIDGET_OUTFILE },
      });
      const pages = await startHostPages(server.url);
      await use({ server, api: createApiClient(server.url), pages });
      await pages.close();
      await server.close();
    },
    { scope: 'worker' },
  ],
  probe: [
    async ({ page }, use) => {
      const probe: Probe = { console: [], pageErrors: [], dialogs: [] };
      page.on('console', (message) =>
        probe.console.push({ type: message.type(), text: message.text(), url: message.location().url }),
      );
      page.on('pageerror', (error) => probe.pageErrors.push(String(error)));
      page.on('dialog', (dialog) => {
        probe.dialogs.push(dialog.message());
        void dialog.dismiss();
      });
      await page.addInitScript(() => {
        const state = {
          globals: Object.getOwnPropertyNames(window),
          violations: [] as string[],
          sent: [] as unknown[],
        };
        (window as unknown as ProbedWindow).__tb = state;
        document.addEventListener(
          'securitypolicyviolation',
          (event) => state.violations.push(`${event.violatedDirective} ${event.blockedURI}`),
          true,
        );
        addEventListener('tellbox:feedback-sent', (event) => state.sent.push((event as CustomEvent).detail));
      });
      await use(probe);
    },
    { auto: true },
  ],
});
export { expect };

export const readProbe = (page: Page) => page.evaluate(() => (window as unknown as ProbedWindow).__tb);

/** No page error, no console error or warning, no CSP violation, no alert. */
export async function expectCleanPage(page: Page, probe: Probe) {
  const state = await readProbe(page);
  expect(probe.pageErrors).toEqual([]);
  expect(probe.console.filter((entry) => entry.type === 'error' || entry.type === 'warning')).toEqual([]);
  expect(state.violations).toEqual([]);
  expect(probe.dialogs).toEqual([]);
}

export const POSTS = {
  published: { title: 'We shipped dark mode', link: 'https://example.com/changelog' },
  unsafe: { title: 'A link that must stay text', link: 'javascript:alert(document.domain)' },
  draft: { title: 'Secret roadmap (draft)', link: null },
} as const;

export interface Seeded {
  owner: TestOwner;
  widget: Widget;
  posts: NewsPost[];
}

/** An owner on `plan` with one widget and, unless `posts: false`, the three posts of POSTS. */
export async function seedWidget(
  tellbox: Tellbox,
  options: { plan?: PlanId; widget?: Partial<WidgetInput>; posts?: boolean } = {},
): Promise<Seeded> {
  const { server, api } = tellbox;
  const owner = await createOwner(server, api, { plan: options.plan ?? 'premium' });
  const widget = await createWidget(api, owner, options.widget);
  const posts: NewsPost[] = [];
  if (options.posts !== false) {
    for (const [kind, post] of Object.entries(POSTS)) {
      // The unsafe link is one stored before links had to be http(s): the API refuses it now.
      const legacy = kind === 'unsafe' ? post.link : undefined;
      const body = {
        ...validPost(widget._id),
        ...post,
        ...(legacy ? { link: null } : {}),
        status: kind === 'draft' ? 'draft' : 'published',
      };
      const created = await api.post<{ post: NewsPost }>('/api/post', body, { token: owner.token });
      if (created.status !== 201) throw new Error(`create post failed: ${created.status} ${created.text}`);
      if (legacy) await storeLegacyLink(server, created.body.post._id, legacy);
      posts.push(legacy ? { ...created.body.post, link: legacy } : created.body.post);
    }
  }
  return { owner, widget, posts };
}

/** The owner's feedback list, as the console reads it. */
export async function ownerFeedback(tellbox: Tellbox, owner: TestOwner): Promise<FeedbackItem[]> {
  const response = await tellbox.api.get<FeedbackListResponse>('/api/feedback', { token: owner.token });
  expect(response.status).toBe(200);
  return response.body.feedbacks;
}
