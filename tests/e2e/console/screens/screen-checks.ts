/**
 * What every screen must hold at every width: nothing scrolls sideways, every control can be
 * reached without scrolling sideways, and axe finds no serious or critical violation.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import type { ColorScheme } from '../../../../src/shared/design-tokens';
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

/** axe's serious and critical violations (WCAG 2.x A and AA), one line each. */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `${violation.id} (${violation.impact}): ${node.target.join(' ')}: ${node.failureSummary?.split('\n').slice(1).join(' ').trim() ?? ''}`,
      ),
    );
}

/** Shows `screen` at `width` in `scheme`, settled: loaded, fonts in, its dialog open if it has one. */
export async function showScreen(
  page: Page,
  open: (path: string) => Promise<void>,
  screen: Screen,
  width: number,
  scheme: ColorScheme,
): Promise<void> {
  await page.setViewportSize({ width, height: width < 768 ? 812 : 900 });
  await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
  await open(screen.path);
  // Not 'networkidle': owner screens keep the live event stream open.
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page
    .locator('.ant-spin-spinning, [aria-busy="true"]')
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => undefined);
  await page.evaluate(() => document.fonts.ready);
  // Lists and charts arrive just after their heading; give them a moment to lay out.
  await page.waitForTimeout(500);
  if (screen.owner) {
    await page.waitForFunction((expected) => (document.documentElement.dataset.theme ?? 'light') === expected, scheme);
  }
  await screen.prepare?.(page);
}
