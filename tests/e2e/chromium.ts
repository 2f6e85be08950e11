/**
 * Which Chromium the browser tests and the bench drive: Playwright's own build when it is
 * installed, else Debian's (our machines cannot download Playwright's browsers;
 * docs/architecture.md, "Commands"). `CHROMIUM_PATH` overrides both.
 *
 * What Playwright launches headless is Debian's headless shell when it is installed (package
 * chromium-headless-shell): the same Blink without the desktop browser around it, as Playwright's
 * own builds run headless. Measured on 2 cores, the screens' checks took a quarter less time than
 * in the full `/usr/bin/chromium`. Lighthouse wants the full browser (chromiumExecutable).
 */
import fs from 'node:fs';
import { chromium, type LaunchOptions } from '@playwright/test';

export const DEBIAN_CHROMIUM = '/usr/bin/chromium';
export const DEBIAN_HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/** Flags that keep a headless Chromium quiet and working as root in CI containers. */
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

function bundledBrowserInstalled(): boolean {
  try {
    return fs.existsSync(chromium.executablePath());
  } catch {
    return false; // no bundled browser registered for this platform
  }
}

/** The full browser to launch, or undefined for Playwright's bundled one. */
export function chromiumExecutable(): string | undefined {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  if (bundledBrowserInstalled()) return undefined;
  return fs.existsSync(DEBIAN_CHROMIUM) ? DEBIAN_CHROMIUM : undefined;
}

/** What Playwright launches headless: Debian's headless shell when installed, else the full browser. */
function headlessExecutable(): string | undefined {
  if (process.env.CHROMIUM_PATH || bundledBrowserInstalled()) return chromiumExecutable();
  return fs.existsSync(DEBIAN_HEADLESS_SHELL) ? DEBIAN_HEADLESS_SHELL : chromiumExecutable();
}

export function chromiumLaunchOptions(extraArgs: string[] = []): LaunchOptions {
  const executablePath = headlessExecutable();
  return { ...(executablePath && { executablePath }), args: [...ARGS, ...extraArgs] };
}

/**
 * Resolves every `*.test` host name to 127.0.0.1, so fixture pages can live on real, distinct
 * sites (`shop.test`, `other.test`) without touching /etc/hosts.
 */
export const TEST_HOSTS_RULE = '--host-resolver-rules=MAP *.test 127.0.0.1';
