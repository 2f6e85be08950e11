/**
 * The widget's part of `npm run bench`: what every visitor downloads (widget/dist/widget.js raw,
 * gzip -9 and brotli) and how long the widget takes from its script starting to run to the
 * launcher on screen in Chromium, read from the widget's own performance marks (`tellbox:start`
 * → `tellbox:launcher`, the latter taken once the frame with the launcher has painted).
 *
 * Two visits per fresh browser context: the first (empty HTTP cache: the config comes from the
 * real Tellbox server over loopback) and a repeat visit (script and config from the HTTP cache,
 * as on every later page of a site within the config's max-age). The launcher cannot appear
 * before the config has arrived, so each kind of visit is also measured for a baseline in the
 * same run: a bare script that makes the same config request and shows a plain button in a shadow
 * root. The difference is the widget's own share; the rest is the browser and the machine.
 *
 * The budget (issue 6: 30 ms) applies to the widget's own share, the larger of the two visits':
 * the median over the rounds of (widget − baseline), each round's two measured back to back, so
 * that what the machine is doing at that moment weighs on both (the difference of the two
 * medians swung between 2 and 19 ms from one run to the next on one machine, the median of the
 * differences between 3 and 9 ms). The absolute times are printed too, but they are mostly the
 * config request and the first paint: on a 2-core CI machine a bare loopback fetch in headless
 * Chromium alone takes 10–40 ms, so an absolute budget would measure the machine, not the widget
 * (the same reason the load benchmarks compare against a baseline measured in the same run).
 *
 * Host pages come from a one-page site on another loopback port under a `*.test` name (a page
 * from a public address may not load loopback resources).
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { chromium, type Browser, type Page } from '@playwright/test';
import { WIDGET_BROTLI_BUDGET_BYTES, WIDGET_GZIP_BUDGET_BYTES, WIDGET_OUTFILE } from '../../widget/build-options';
import { TEST_HOSTS_RULE, chromiumLaunchOptions } from '../e2e/chromium';
import { rawGet } from '../helpers/raw-get';
import { benchSize } from './bench-profile';

/** The widget's own share of the time from script start to launcher on screen (issue 6). */
export const WIDGET_LAUNCH_BUDGET_MS = 30;
/** Budget lines this file adds to the bench's summary. */
export const WIDGET_BUDGET_COUNT = 2;
/** Budget lines of `widgetTransferChecks`: brotli and gzip. */
export const WIDGET_TRANSFER_BUDGET_COUNT = 2;

/** Measured rounds (each: widget and baseline, first and repeat visit), after one warm-up round: 15, or 9 in CI (bench-profile.ts). */
const launchRounds = () => benchSize('BENCH_LAUNCH_ROUNDS');
const MARK_START = 'tellbox:start';
const MARK_LAUNCHER = 'tellbox:launcher';

export interface BudgetCheck {
  ok: boolean;
  text: string;
}

export interface WidgetSizes {
  raw: number;
  gzip: number;
  brotli: number;
}

export function widgetSizes(file = WIDGET_OUTFILE): WidgetSizes {
  const code = fs.readFileSync(file);
  return { raw: code.length, gzip: gzipSync(code, { level: 9 }).length, brotli: brotliCompressSync(code).length };
}

/** What any widget needs at least: the config request, then a button in a shadow root, painted. */
function baselineScript(configUrl: string): string {
  return `performance.mark(${JSON.stringify(MARK_START)});
fetch(${JSON.stringify(configUrl)}, { credentials: 'omit' }).then((r) => r.json()).then(() => {
  const host = document.createElement('div');
  const button = document.createElement('button');
  button.textContent = 'Feedback';
  host.attachShadow({ mode: 'open' }).append(button);
  document.documentElement.append(host);
  requestAnimationFrame(() => setTimeout(() => performance.mark(${JSON.stringify(MARK_LAUNCHER)}), 0));
});`;
}

const page = (script: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shop</title></head>` +
  `<body><h1>Shop</h1><p>A customer's page.</p>${script}</body></html>`;

/** The customer site: `/widget` embeds the real snippet, `/baseline` the bare script. */
async function startSite(serverUrl: string, siteKey: string) {
  const files: Record<string, [string, string]> = {
    '/widget': ['text/html', page(`<script src="${serverUrl}/widget.js" data-site-key="${siteKey}" async></script>`)],
    '/baseline': ['text/html', page('<script src="/baseline.js" async></script>')],
    '/baseline.js': [
      'text/javascript',
      // The widget's own request on this page: its language is the page's `<html lang="en">`.
      baselineScript(`${serverUrl}/api/public/widget/${encodeURIComponent(siteKey)}?lang=en`),
    ],
  };
  const site = http.createServer((req, res) => {
    const [type, body] = files[req.url ?? ''] ?? ['text/plain', ''];
    res.writeHead(body ? 200 : 404, { 'Content-Type': `${type}; charset=utf-8`, 'Cache-Control': 'no-store' });
    res.end(body);
  });
  site.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => site.once('listening', () => resolve()));
  return {
    url: (path: string) => `http://bench-shop.test:${(site.address() as AddressInfo).port}${path}`,
    close: async () => {
      site.closeAllConnections();
      await new Promise<void>((resolve) => site.close(() => resolve()));
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Loads `url` and resolves with milliseconds from `tellbox:start` to `tellbox:launcher`. The page
 * is left alone while the script starts (anything Playwright runs in it would compete for its main
 * thread), and the marks are read afterwards.
 */
async function visit(tab: Page, url: string): Promise<number> {
  await tab.goto(url);
  for (let attempt = 0; attempt < 50; attempt += 1) {
    // A poll interval, not a wait for something: between reads the page runs undisturbed.
    await sleep(100);
    const ms = await tab.evaluate(
      ([start, launcher]) =>
        (performance.getEntriesByName(launcher)[0]?.startTime ?? NaN) -
        (performance.getEntriesByName(start)[0]?.startTime ?? NaN),
      [MARK_START, MARK_LAUNCHER] as const,
    );
    if (!Number.isNaN(ms)) return ms;
  }
  throw new Error(`no launcher on ${url} within 5 s`);
}

/** A first visit and a repeat visit in one fresh context. */
async function visitTwice(browser: Browser, url: string): Promise<[number, number]> {
  const context = await browser.newContext();
  try {
    const tab = await context.newPage();
    const first = await visit(tab, url);
    return [first, await visit(tab, url)];
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? NaN) : ((sorted[middle - 1] ?? NaN) + (sorted[middle] ?? NaN)) / 2;
};
const ms = (value: number) => `${value.toFixed(1)} ms`;

/** The size budget line, with raw, gzip -9 and brotli sizes of the built file. */
export function widgetSizeCheck(): BudgetCheck {
  const sizes = widgetSizes();
  console.log(`widget.js: ${sizes.raw} B raw, ${sizes.gzip} B gzip -9, ${sizes.brotli} B brotli`);
  return {
    ok: sizes.gzip <= WIDGET_GZIP_BUDGET_BYTES,
    text: `widget size: ${sizes.gzip} B gzip -9 (${sizes.raw} B raw, ${sizes.brotli} B brotli), budget ≤ ${WIDGET_GZIP_BUDGET_BYTES} B`,
  };
}

/** What a browser that accepts these encodings downloads, and the most it may be. */
const TRANSFERS = [
  { acceptEncoding: 'br, gzip', coding: 'br', budget: WIDGET_BROTLI_BUDGET_BYTES },
  { acceptEncoding: 'gzip', coding: 'gzip', budget: WIDGET_GZIP_BUDGET_BYTES },
] as const;

/**
 * `/widget.js` as the running server sends it, counted as it crosses the wire (node:http: no
 * decoding), once for a browser with brotli and once for one with gzip only; each line fails when
 * the server sends another encoding than the one asked for.
 */
export async function widgetTransferChecks(serverUrl: string): Promise<BudgetCheck[]> {
  const checks: BudgetCheck[] = [];
  for (const { acceptEncoding, coding, budget } of TRANSFERS) {
    const answer = await rawGet(`${serverUrl}/widget.js`, { 'Accept-Encoding': acceptEncoding });
    const sent = answer.headers['content-encoding'] ?? 'identity';
    checks.push({
      ok: answer.status === 200 && sent === coding && answer.body.length <= budget,
      text:
        `widget transfer (Accept-Encoding: ${acceptEncoding}): ${answer.body.length} B ${sent}, ` +
        `status ${answer.status}, budget ≤ ${budget} B ${coding}`,
    });
  }
  return checks;
}

/** The transfer lines when the server could not be asked: failed, with the reason. */
export function failedTransferChecks(error: unknown): BudgetCheck[] {
  const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
  return TRANSFERS.map(({ acceptEncoding }) => ({
    ok: false,
    text: `widget transfer (Accept-Encoding: ${acceptEncoding}): not measured (${reason})`,
  }));
}

/** Measures the start-up of the widget served by `serverUrl` for `siteKey`; prints a report. */
export async function benchWidgetLaunch(serverUrl: string, siteKey: string): Promise<BudgetCheck> {
  const site = await startSite(serverUrl, siteKey);
  const times = { widget: [[], []] as number[][], baseline: [[], []] as number[][] };
  const rounds = launchRounds();
  try {
    const browser = await chromium.launch(chromiumLaunchOptions([TEST_HOSTS_RULE]));
    try {
      // Round 0 warms the browser up and is not counted; widget and baseline alternate so that
      // both see the same machine.
      for (let round = 0; round <= rounds; round += 1) {
        for (const kind of ['widget', 'baseline'] as const) {
          const [first, repeat] = await visitTwice(browser, site.url(`/${kind}`));
          if (round === 0) continue;
          times[kind][0]?.push(first);
          times[kind][1]?.push(repeat);
        }
      }
    } finally {
      await browser.close();
    }
  } finally {
    await site.close();
  }

  const [firstVisit, repeatVisit] = times.widget.map(median) as [number, number];
  const [firstBase, repeatBase] = times.baseline.map(median) as [number, number];
  // Per visit kind: the median of each round's widget time minus that round's baseline time.
  const [firstShare, repeatShare] = [0, 1].map((visit) =>
    median((times.widget[visit] ?? []).map((widget, round) => widget - (times.baseline[visit]?.[round] ?? NaN))),
  ) as [number, number];
  const ownShare = Math.max(firstShare, repeatShare);
  console.log(`widget launch (script start → launcher on screen), median of ${rounds} fresh browser contexts:`);
  for (const [label, widget, baseline, share] of [
    ['first visit: ', firstVisit, firstBase, firstShare],
    ['repeat visit:', repeatVisit, repeatBase, repeatShare],
  ] as const) {
    console.log(
      `  ${label} ${ms(widget)}; baseline ${ms(baseline)}; the widget's own share ${ms(share)} (median per round)`,
    );
  }
  return {
    ok: ownShare <= WIDGET_LAUNCH_BUDGET_MS,
    text:
      `widget launch: ${ms(firstVisit)} first visit, ${ms(repeatVisit)} repeat visit; the widget's own share ` +
      `at most ${ms(ownShare)} over the same-run baseline, budget ≤ ${WIDGET_LAUNCH_BUDGET_MS} ms`,
  };
}

/** The launch budget line when Chromium could not run at all: failed, with the reason. */
export function failedLaunchCheck(error: unknown): BudgetCheck {
  const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
  return { ok: false, text: `widget launch: not measured (${reason})` };
}
