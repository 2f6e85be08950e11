/**
 * The landing page's part of `npm run bench` (issues 4 and 13): what `/` moves over the network
 * in Chromium (the document, its JavaScript and its CSS, as transferred: compressed as the server
 * sends them to a browser's usual Accept-Encoding, headers included) against a 120 KB budget,
 * and a check that none of it is an owner screen's code (code splitting keeps the dashboard out
 * of `/`).
 *
 * The owner screens' chunks come from the renderer build's manifest (`.vite/manifest.json`): every
 * chunk the owner routes need that the entry and the landing route do not also need.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../e2e/chromium';
import type { BudgetCheck } from './widget-bench';

export const LANDING_BUDGET_BYTES = 120 * 1024;

/** Budget lines this file adds to the bench's summary. */
export const LANDING_BUDGET_COUNT = 2;

/** Route modules (relative to the renderer root) that only a logged-in owner sees. */
const OWNER_ROUTE =
  /^src\/app\/routes\/(owner-layout|dashboard|widgets|feedback|news|webhooks|activity|team|settings(-[a-z]+)?|support|checkout|payment-success|payment-canceled)\.tsx$/;
const PUBLIC_ROOTS = ['index.html', 'src/app/routes/landing.tsx'];

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** Every file a set of manifest entries loads through static imports (their own CSS included). */
function closure(manifest: Manifest, roots: string[]): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  roots.forEach(visit);
  return files;
}

/** The files only owner screens load, as `/assets/…` paths. */
export function ownerOnlyFiles(rendererDir: string): Set<string> {
  const manifestFile = path.join(rendererDir, '.vite', 'manifest.json');
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest;
  const ownerRoots = Object.keys(manifest).filter((key) => OWNER_ROUTE.test(key));
  if (ownerRoots.length === 0) throw new Error(`no owner routes in ${manifestFile}`);
  const shared = closure(manifest, PUBLIC_ROOTS);
  return new Set([...closure(manifest, ownerRoots)].filter((file) => !shared.has(file)).map((file) => `/${file}`));
}

/** The resource types whose transfer counts against the budget. */
const COUNTED_TYPES = new Set(['Document', 'Script', 'Stylesheet']);

/** Loads `/` from `serverUrl` and checks what it moves and that no owner screen's code is in it. */
export async function landingChecks(serverUrl: string, rendererDir: string): Promise<BudgetCheck[]> {
  const ownerFiles = ownerOnlyFiles(rendererDir);
  const loaded = new Map<string, number>();
  const browser = await chromium.launch(chromiumLaunchOptions());
  try {
    const page = await browser.newPage();
    // DevTools' own count of what crossed the network per response (encodedDataLength: headers
    // and the body as sent, i.e. compressed), the "transferred" column of its Network panel.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    const counted = new Map<string, string>();
    cdp.on('Network.responseReceived', (event) => {
      if (COUNTED_TYPES.has(event.type)) counted.set(event.requestId, new URL(event.response.url).pathname);
    });
    cdp.on('Network.loadingFinished', (event) => {
      const pathname = counted.get(event.requestId);
      if (pathname !== undefined) loaded.set(pathname, (loaded.get(pathname) ?? 0) + event.encodedDataLength);
    });
    await page.goto(`${serverUrl}/`);
    await page.getByRole('heading', { name: 'Pricing' }).waitFor();
    await page.waitForLoadState('networkidle');
  } finally {
    await browser.close();
  }

  const total = [...loaded.values()].reduce((sum, size) => sum + size, 0);
  console.log(
    `/ moves ${loaded.size} documents, JavaScript and CSS files, ${(total / 1024).toFixed(1)} KB transferred:`,
  );
  for (const [file, size] of loaded) console.log(`  ${file} ${(size / 1024).toFixed(1)} KB`);
  const ownerLoaded = [...loaded.keys()].filter((file) => ownerFiles.has(file));
  return [
    {
      ok: loaded.size > 0 && total <= LANDING_BUDGET_BYTES,
      text: `landing page: / moves ${(total / 1024).toFixed(1)} KB (HTML, JS and CSS as transferred), budget ≤ ${LANDING_BUDGET_BYTES / 1024} KB`,
    },
    {
      ok: loaded.size > 0 && ownerLoaded.length === 0,
      text:
        ownerLoaded.length === 0
          ? `landing page: none of the ${ownerFiles.size} owner-screen files is loaded by /`
          : `landing page: / loads owner-screen code: ${ownerLoaded.join(', ')}`,
    },
  ];
}

/** The landing lines when Chromium or the build could not run: failed, with the reason. */
export function failedLandingChecks(error: unknown): BudgetCheck[] {
  const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
  return Array.from({ length: LANDING_BUDGET_COUNT }, () => ({
    ok: false,
    text: `landing page: not measured (${reason})`,
  }));
}
