/**
 * Which Chromium the browser tests and the bench drive: Playwright's own build when it is
 * installed, else Debian's `/usr/bin/chromium` (our machines cannot download Playwright's
 * browsers; docs/architecture.md, "Commands"). `CHROMIUM_PATH` overrides both.
 */
import fs from 'node:fs';
import { chromium, type LaunchOptions } from '@playwright/test';

export const DEBIAN_CHROMIUM = '/usr/bin/chromium';

/** Flags that keep a headless Chromium quiet and working as root in CI containers. */
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The executable to launch, or undefined for Playwright's bundled browser. */
export function chromiumExecutable(): string | undefined {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  try {
    if (fs.existsSync(chromium.executablePath())) return undefined;
  } catch {
    // no bundled browser registered for this platform
  }
  return fs.existsSync(DEBIAN_CHROMIUM) ? DEBIAN_CHROMIUM : undefined;
}

export function chromiumLaunchOptions(extraArgs: string[] = []): LaunchOptions {
  const executablePath = chromiumExecutable();
  return { ...(executablePath && { executablePath }), args: [...ARGS, ...extraArgs] };
}

/**
 * Resolves every `*.test` host name to 127.0.0.1, so fixture pages can live on real, distinct
 * sites (`shop.test`, `other.test`) without touching /etc/hosts.
 */
export const TEST_HOSTS_RULE = '--host-resolver-rules=MAP *.test 127.0.0.1';
