/**
 * Renders build/icon.svg to build/icon.png (1024×1024, transparent corners) with the Chromium the
 * browser tests use. Run it after changing the SVG and commit both: `npx tsx build/render-icon.ts`.
 * electron-builder derives the macOS .icns, the Windows .ico and the Linux icon set from the PNG.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../tests/e2e/chromium';

const SIZE = 1024;
const here = path.dirname(fileURLToPath(import.meta.url));
const svg = fs.readFileSync(path.join(here, 'icon.svg'));
const out = path.join(here, 'icon.png');

const browser = await chromium.launch(chromiumLaunchOptions());
try {
  const page = await browser.newPage({ viewport: { width: SIZE, height: SIZE }, deviceScaleFactor: 1 });
  // As an image, so the SVG is drawn exactly at the icon's size whatever the page's layout.
  const src = `data:image/svg+xml;base64,${svg.toString('base64')}`;
  await page.setContent(
    `<style>html, body { margin: 0; background: transparent; } img { display: block; }</style>` +
      `<img src="${src}" width="${SIZE}" height="${SIZE}" alt="">`,
  );
  await page.locator('img').evaluate((img: HTMLImageElement) => img.decode());
  await page.screenshot({ path: out, omitBackground: true, clip: { x: 0, y: 0, width: SIZE, height: SIZE } });
  console.log(`wrote ${path.relative(process.cwd(), out)} (${SIZE}×${SIZE})`);
} finally {
  await browser.close();
}
