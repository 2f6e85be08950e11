/**
 * What every screen must hold at every width: nothing scrolls sideways, every control can be
 * reached without scrolling sideways, and axe finds no serious or critical violation.
 */
import { expect, type Page, type Request } from '@playwright/test';
import { axeOn } from '../fixtures';
import type { ColorScheme } from '../../../../src/shared/design-tokens';
import { EVENT_STREAM_PATH } from '../../../../src/shared/desktop-events';
import type { Screen } from './screen-catalogue';

/** How far the page scrolls sideways, in px (0 when it fits). */
export function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(
    () => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth) - window.innerWidth,
  );
}

/**
 * Every visible button, link and field whose box leaves the viewport sideways (cut off, or only
 * reachable by scrolling a container sideways), described for the failure message.
 */
export function controlsOffScreen(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const selector = [
      'a[href]',
      'button',
      'input:not([type="hidden"])',
      'select',
      'textarea',
      '[role="button"]',
      '[role="link"]',
      '[role="checkbox"]',
      '[role="radio"]',
      '[role="switch"]',
      '[role="tab"]',
      '[role="combobox"]',
    ].join(',');
    const width = window.innerWidth;
    const offScreen: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>(selector)) {
      if (!element.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
      const box = element.getBoundingClientRect();
      // Zero-sized and visually hidden (1 px, clipped) controls are read by screen readers only;
      // antd's radio and checkbox inputs sit invisibly under their drawn boxes, which are checked.
      if (box.width <= 1 || box.height <= 1) continue;
      if (getComputedStyle(element).opacity === '0') continue;
      if (box.left >= -1 && box.right <= width + 1) continue;
      const name = (element.getAttribute('aria-label') ?? element.textContent ?? element.getAttribute('name') ?? '')
        .trim()
        .slice(0, 40);
      offScreen.push(
        `${element.tagName.toLowerCase()} "${name}" at ${Math.round(box.left)}..${Math.round(box.right)} px`,
      );
    }
    return offScreen;
  });
}

/** Fails when the page scrolls sideways or a visible control leaves the screen sideways. */
export async function expectFitsScreen(page: Page, label: string): Promise<void> {
  expect(await sidewaysOverflow(page), `${label}: the page scrolls sideways by (px)`).toBeLessThanOrEqual(0);
  expect(await controlsOffScreen(page), `${label}: controls off screen`).toEqual([]);
}

/**
 * The axe rules (of the WCAG tags below) that read colours: all whose outcome a change of colour
 * scheme alone can change. Everything else they check (names, roles, structure, sizes) is the
 * same on the same page in either scheme.
 */
export const COLOR_RULES = ['color-contrast', 'link-in-text-block'] as const;

/**
 * axe's serious and critical violations (WCAG 2.x A and AA), one line each; with `rules`, of those
 * rules only (e.g. COLOR_RULES on a screen whose other rules were just checked in another scheme).
 */
export async function seriousAxeViolations(page: Page, rules?: readonly string[]): Promise<string[]> {
  const axe = axeOn(page);
  if (rules) axe.withRules([...rules]);
  else axe.withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']);
  const results = await axe.analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `${violation.id} (${violation.impact}): ${node.target.join(' ')}: ${node.failureSummary?.split('\n').slice(1).join(' ').trim() ?? ''}`,
      ),
    );
}

/** The requests a page has out, and how many it has made; one count per page. */
interface RequestCount {
  pending: Set<Request>;
  made: number;
  /** Called whenever nothing is pending any more. */
  onQuiet: Set<() => void>;
}
const requestCounts = new WeakMap<Page, RequestCount>();

/** Starts counting `page`'s requests (once per page; call it before the page loads). */
export function countRequests(page: Page): RequestCount {
  const known = requestCounts.get(page);
  if (known) return known;
  const counted: RequestCount = { pending: new Set(), made: 0, onQuiet: new Set() };
  page.on('request', (request) => {
    // The owner's live event stream stays open as long as the screen does.
    if (new URL(request.url()).pathname === EVENT_STREAM_PATH) return;
    counted.pending.add(request);
    counted.made += 1;
  });
  const done = (request: Request) => {
    if (!counted.pending.delete(request) || counted.pending.size > 0) return;
    for (const resolve of counted.onQuiet) resolve();
    counted.onQuiet.clear();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  requestCounts.set(page, counted);
  return counted;
}

function quiet(count: RequestCount): Promise<void> {
  if (count.pending.size === 0) return Promise.resolve();
  return new Promise((resolve) => count.onQuiet.add(resolve));
}

/**
 * Waits until the screen is still, as a person would look at it: no request out (lists, charts
 * and their code have arrived), no spinner, every font in, every animation or transition that
 * ends has ended (in frames and shadow roots too), and two frames drawn since. Repeated until a
 * round starts no new request: data that arrives can ask for more (a chart's code, say).
 */
export async function settle(page: Page): Promise<void> {
  const count = countRequests(page);
  for (;;) {
    const made = count.made;
    await quiet(count);
    await expect(page.locator('.ant-spin-spinning, [aria-busy="true"]')).toHaveCount(0);
    for (const frame of page.frames()) {
      await frame.evaluate(async () => {
        await document.fonts.ready;
        const roots: (Document | ShadowRoot)[] = [document];
        for (const element of document.querySelectorAll('*')) if (element.shadowRoot) roots.push(element.shadowRoot);
        const ending = roots
          .flatMap((root) => root.getAnimations())
          .filter((animation) => animation.playState === 'running')
          .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
        await Promise.all(ending.map((animation) => animation.finished.catch(() => undefined)));
      });
    }
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    if (count.made === made && count.pending.size === 0) return;
  }
}

/** Shows `screen` at `width` in `scheme`, settled: loaded, fonts in, its dialog open if it has one. */
export async function showScreen(
  page: Page,
  open: (path: string) => Promise<void>,
  screen: Screen,
  width: number,
  scheme: ColorScheme,
): Promise<void> {
  countRequests(page);
  await page.setViewportSize({ width, height: width < 768 ? 812 : 900 });
  await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
  await open(screen.path);
  // Not 'networkidle': owner screens keep the live event stream open.
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  if (screen.owner) await expectScheme(page, scheme);
  await settle(page);
  if (screen.prepare) {
    await screen.prepare(page);
    await settle(page);
  }
}

/**
 * Turns the shown screen to `scheme` as the system does, without loading it again (its dialog,
 * menu or selection stays): the console follows the system's scheme as it changes.
 */
export async function switchScheme(page: Page, scheme: ColorScheme): Promise<void> {
  await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
  await expectScheme(page, scheme);
  await settle(page);
}

function expectScheme(page: Page, scheme: ColorScheme): Promise<unknown> {
  return page.waitForFunction((expected) => (document.documentElement.dataset.theme ?? 'light') === expected, scheme);
}
