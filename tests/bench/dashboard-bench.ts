/**
 * The dashboard's part of `npm run bench` (issue 14): the JavaScript /dashboard loads in Chromium
 * for a logged-in owner, its lazily loaded chart included, as transferred: the scripts' bodies
 * compressed as the server sends them to a browser's usual Accept-Encoding (their HTTP headers
 * left out: they are not JavaScript), against 300 KB.
 */
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../e2e/chromium';
import { BENCH_OWNER, expectStatus } from './tellbox-server';
import type { ChildServer } from './child-servers';
import type { BudgetCheck } from './widget-bench';

export const DASHBOARD_JS_BUDGET_BYTES = 300 * 1024;
export const DASHBOARD_BUDGET_COUNT = 1;

/** Logs the bench's owner in on /dashboard and sums what its scripts moved over the network. */
export async function dashboardChecks(server: ChildServer): Promise<BudgetCheck[]> {
  const login = await expectStatus(server, 200, 'POST', '/api/auth/login', {
    email: BENCH_OWNER.email,
    password: BENCH_OWNER.password,
  });
  const session = {
    user: JSON.stringify({ id: login.id, name: login.name, email: login.email }),
    token: `Bearer ${String(login.token)}`,
  };
  const loaded = new Map<string, number>();
  const browser = await chromium.launch(chromiumLaunchOptions());
  try {
    const page = await browser.newPage();
    // As text: this file is compiled without the DOM's types.
    const stored = { ...session, cookieConsent: 'accepted' };
    await page.addInitScript({
      content: `for (const [key, value] of Object.entries(${JSON.stringify(stored)})) localStorage.setItem(key, value);`,
    });
    // DevTools' own counts: a response's encodedDataLength when its headers arrive is their size,
    // and when it finishes, headers and body as sent; the difference is the compressed script.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    const scripts = new Map<string, { pathname: string; headerBytes: number }>();
    // Scripts asked for and not yet loaded (or failed), and who waits for there to be none.
    const pending = new Set<string>();
    let allLoaded = () => {};
    const done = (requestId: string) => {
      pending.delete(requestId);
      if (pending.size === 0) allLoaded();
    };
    cdp.on('Network.requestWillBeSent', (event) => {
      if (event.type === 'Script') pending.add(event.requestId);
    });
    cdp.on('Network.loadingFailed', (event) => done(event.requestId));
    cdp.on('Network.responseReceived', (event) => {
      if (event.type !== 'Script') return;
      scripts.set(event.requestId, {
        pathname: new URL(event.response.url).pathname,
        headerBytes: event.response.encodedDataLength,
      });
    });
    cdp.on('Network.loadingFinished', (event) => {
      const script = scripts.get(event.requestId);
      if (script !== undefined) {
        const body = event.encodedDataLength - script.headerBytes;
        loaded.set(script.pathname, (loaded.get(script.pathname) ?? 0) + body);
      }
      done(event.requestId);
    });
    await page.goto(`${server.url}/dashboard`);
    // The chart is the last thing the dashboard loads (its own chunk, after the day counts).
    await page.locator('.tb-chart-plot svg').waitFor();
    // The event stream stays open, so the network never goes idle: wait for every script asked
    // for by now (the chart's chunk was the last to be asked for) to have arrived.
    if (pending.size > 0) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        new Promise<void>((resolve) => (allLoaded = resolve)),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error(`${pending.size} scripts still loading after 30 s`)), 30_000);
        }),
      ]).finally(() => clearTimeout(timer));
    }
  } finally {
    await browser.close();
  }

  const total = [...loaded.values()].reduce((sum, size) => sum + size, 0);
  console.log(`/dashboard loads ${loaded.size} scripts, ${(total / 1024).toFixed(1)} KB transferred:`);
  for (const [file, size] of loaded) console.log(`  ${file} ${(size / 1024).toFixed(1)} KB`);
  return [
    {
      ok: loaded.size > 0 && total <= DASHBOARD_JS_BUDGET_BYTES,
      text: `dashboard: /dashboard loads ${(total / 1024).toFixed(1)} KB of JavaScript compressed as sent (chart included), budget ≤ ${DASHBOARD_JS_BUDGET_BYTES / 1024} KB`,
    },
  ];
}

/** The dashboard line when Chromium or the server could not run it: failed, with the reason. */
export function failedDashboardChecks(error: unknown): BudgetCheck[] {
  const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
  return [{ ok: false, text: `dashboard: not measured (${reason})` }];
}
