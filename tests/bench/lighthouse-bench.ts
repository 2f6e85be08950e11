/**
 * The Lighthouse part of `npm run bench`: `/`, `/login` and the seeded widget's public changelog
 * (`/changelog/<siteKey>`, its two published posts) audited with Lighthouse's default
 * configuration (the mobile preset: a mid-range phone, simulated slow 4G and a 4× slower CPU) in
 * headless Chromium, each against the public pages' budgets: performance ≥ 0.95, accessibility
 * 1.0, best practices 1.0 (no console errors, CSP violations included), SEO ≥ 0.95.
 *
 * Each page is audited three times in a fresh browser and its performance is the median of the
 * three (the score moves from run to run on a busy 2-core machine); the other categories are the
 * lowest of the three, as they should not move at all. The key metrics of the median run are
 * printed beside the scores.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import type { Result } from 'lighthouse';
import { chromiumExecutable, chromiumLaunchOptions } from '../e2e/chromium';
import type { BudgetCheck } from './widget-bench';

const PAGES = ['/', '/login'];
/** The changelog's line names the route, not the seeded widget's random key. */
const CHANGELOG_LABEL = '/changelog/:siteKey';
const RUNS = 3;

const CATEGORIES = [
  { id: 'performance', label: 'performance', budget: 0.95 },
  { id: 'accessibility', label: 'accessibility', budget: 1 },
  { id: 'best-practices', label: 'best practices', budget: 1 },
  { id: 'seo', label: 'SEO', budget: 0.95 },
] as const;
type CategoryId = (typeof CATEGORIES)[number]['id'];

const METRICS = [
  { id: 'first-contentful-paint', label: 'FCP' },
  { id: 'largest-contentful-paint', label: 'LCP' },
  { id: 'total-blocking-time', label: 'TBT' },
  { id: 'cumulative-layout-shift', label: 'CLS' },
  { id: 'speed-index', label: 'SI' },
] as const;

/** Budget lines this file adds to the bench's summary: one per page. */
export const LIGHTHOUSE_BUDGET_COUNT = PAGES.length + 1;

function score(lhr: Result, id: CategoryId): number {
  return lhr.categories[id]?.score ?? 0;
}

/** Lighthouse's own display of the metric ("1.2 s", "30 ms", "0.001"). */
function metrics(lhr: Result): string {
  return METRICS.map(({ id, label }) => `${label} ${lhr.audits[id]?.displayValue ?? '?'}`).join(', ');
}

/** The audits of a category that did not pass, so a failed line says what to fix. */
function failedAudits(lhr: Result, id: CategoryId): string[] {
  return (lhr.categories[id]?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
    .map((ref) => ref.id);
}

async function auditOnce(url: string): Promise<Result> {
  const executablePath = chromiumExecutable();
  const chrome = await chromeLauncher.launch({
    ...(executablePath && { chromePath: executablePath }),
    chromeFlags: [...(chromiumLaunchOptions().args ?? []), '--headless=new'],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      logLevel: 'error',
      output: 'json',
      onlyCategories: CATEGORIES.map((category) => category.id),
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (result.lhr.runtimeError) throw new Error(`${url}: ${result.lhr.runtimeError.message}`);
    return result.lhr;
  } finally {
    chrome.kill();
  }
}

/** Attempts per run: Lighthouse now and then loses its trace on a busy machine (NO_NAVSTART) and asks to run again. */
const ATTEMPTS = 3;

async function audit(url: string): Promise<Result> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await auditOnce(url);
    } catch (error) {
      if (attempt >= ATTEMPTS) throw error;
      console.log(`Lighthouse ${url}: run failed (${error instanceof Error ? error.message : String(error)}), again`);
    }
  }
}

async function pageCheck(serverUrl: string, path: string, label = path): Promise<BudgetCheck> {
  const runs: Result[] = [];
  for (let run = 0; run < RUNS; run += 1) runs.push(await audit(`${serverUrl}${path}`));
  const byPerformance = [...runs].sort((a, b) => score(a, 'performance') - score(b, 'performance'));
  const median = byPerformance[Math.floor(RUNS / 2)] ?? runs[0];
  if (!median) throw new Error(`no Lighthouse run for ${path}`);

  const scores = CATEGORIES.map((category) => ({
    ...category,
    value:
      category.id === 'performance'
        ? score(median, 'performance')
        : Math.min(...runs.map((lhr) => score(lhr, category.id))),
  }));
  const performances = runs.map((lhr) => score(lhr, 'performance').toFixed(2)).join(', ');
  console.log(`Lighthouse ${label}: performance runs ${performances}; median run: ${metrics(median)}`);
  for (const category of scores.filter((entry) => entry.value < entry.budget)) {
    const worst = category.id === 'performance' ? median : runs.find((lhr) => score(lhr, category.id) < 1);
    if (worst) console.log(`  ${category.label} below budget: ${failedAudits(worst, category.id).join(', ')}`);
  }
  return {
    ok: scores.every((entry) => entry.value >= entry.budget),
    text: `Lighthouse ${label} (mobile): ${scores
      .map((entry) => `${entry.label} ${entry.value.toFixed(2)} (≥ ${entry.budget})`)
      .join(', ')}`,
  };
}

/** Audits each public page `serverUrl` serves, and the changelog of `siteKey`: one budget line per page. */
export async function lighthouseChecks(serverUrl: string, siteKey: string): Promise<BudgetCheck[]> {
  const checks: BudgetCheck[] = [];
  for (const path of PAGES) checks.push(await pageCheck(serverUrl, path));
  checks.push(await pageCheck(serverUrl, `/changelog/${encodeURIComponent(siteKey)}`, CHANGELOG_LABEL));
  return checks;
}

/** The Lighthouse lines when Chromium or Lighthouse could not run: failed, with the reason. */
export function failedLighthouseChecks(error: unknown): BudgetCheck[] {
  const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
  return [...PAGES, CHANGELOG_LABEL].map((path) => ({
    ok: false,
    text: `Lighthouse ${path}: not measured (${reason})`,
  }));
}
