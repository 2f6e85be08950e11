/**
 * The public pages arrive as HTML (prerendered at build time, pages/pages.json) with their own
 * title and description, then hydrate without a mismatch; an unknown path answers 404 with the
 * not-found page.
 */
import { expect, test } from './fixtures';

const PAGES = [
  { path: '/', heading: 'Hear what your visitors really think', title: 'Tellbox', description: /5-minute setup/ },
  { path: '/login', heading: 'Welcome to Tellbox', title: 'Log in · Tellbox', description: /Log in to your Tellbox/ },
  { path: '/signup', heading: 'Welcome to Tellbox', title: 'Sign up · Tellbox', description: /free Tellbox account/ },
  {
    path: '/forgot-password',
    heading: 'Forgot Password',
    title: 'Forgot password · Tellbox',
    description: /new password/,
  },
  {
    path: '/privacy-policy',
    heading: 'Privacy Policy',
    title: 'Privacy Policy · Tellbox',
    description: /What data Tellbox collects/,
  },
  {
    path: '/terms-of-service',
    heading: 'Terms of Service',
    title: 'Terms of Service · Tellbox',
    description: /The terms for using Tellbox/,
  },
  { path: '/contact', heading: 'Contact', title: 'Contact · Tellbox', description: /we reply within 24 hours/ },
  {
    path: '/rebrand',
    heading: 'Turn visitors into customers, without writing code',
    title: 'Early access · Tellbox',
    description: /early access list/,
  },
];

/** The text of the first element matching `tag`'s opening, in raw HTML (no browser involved). */
function textOf(html: string, pattern: RegExp): string | undefined {
  return pattern.exec(html)?.[1];
}

for (const page of PAGES) {
  test(`${page.path} arrives drawn: heading, title and description in the HTML`, async ({ tellbox }) => {
    const response = await fetch(`${tellbox.server.url}${page.path}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    const html = await response.text();
    expect(textOf(html, /<h1[^>]*>([^<]*)<\/h1>/)).toBe(page.heading);
    expect(textOf(html, /<title>([^<]*)<\/title>/)).toBe(page.title);
    expect(textOf(html, /<meta name="description" content="([^"]*)"/)).toMatch(page.description);
    expect(html).toMatch(/<html lang="en"/);
    // Critical CSS inline, and no inline script (the CSP allows none).
    expect(html).toMatch(/<style>[^<]*\.tb-/);
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)(?![^>]*type="application\/json")[^>]*>/);
    expect(html).not.toMatch(/\son[a-z]+="/);
  });
}

test('an unknown path answers 404 with the not-found page, drawn', async ({ tellbox }) => {
  const response = await fetch(`${tellbox.server.url}/no/such/page`);
  expect(response.status).toBe(404);
  const html = await response.text();
  expect(html).toContain('Oops! Page not found');
  expect(textOf(html, /<title>([^<]*)<\/title>/)).toBe('Page not found · Tellbox');
});

test('robots.txt, the web manifest and the app icons are served', async ({ tellbox }) => {
  const robots = await fetch(`${tellbox.server.url}/robots.txt`);
  expect(robots.status).toBe(200);
  expect(await robots.text()).toMatch(/^User-agent: \*$/m);
  const manifest = await fetch(`${tellbox.server.url}/manifest.webmanifest`);
  expect(manifest.status).toBe(200);
  const icons = ((await manifest.json()) as { icons: { src: string }[] }).icons;
  for (const src of ['/apple-touch-icon.png', ...icons.map((icon) => icon.src)]) {
    const icon = await fetch(`${tellbox.server.url}${src}`);
    expect(icon.status, src).toBe(200);
  }
});

for (const path of [...PAGES.map((page) => page.path), '/no/such/page']) {
  test(`${path} hydrates without errors or warnings and then responds`, async ({ page, open }) => {
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(String(error)));
    page.on('console', (message) => {
      // The 404 page's own status is logged as a failed resource; nothing else may be.
      if (path === '/no/such/page' && message.text().includes('status of 404')) return;
      if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
    });
    await open(path);
    // Hydrated: React has attached to the drawn page (its root container marker is on #root).
    await expect
      .poll(() => page.evaluate(() => Object.keys(document.getElementById('root') ?? {}).length))
      .toBeGreaterThan(0);
    // The cookie banner answers a click only once hydrated.
    await page.getByRole('region', { name: 'Cookie consent' }).getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('region', { name: 'Cookie consent' })).toHaveCount(0);
    expect(problems).toEqual([]);
  });
}

test('a visitor who already chose sees no cookie banner once the page has hydrated', async ({ page, open }) => {
  await page.addInitScript(() => window.localStorage.setItem('cookieConsent', 'declined'));
  await open('/contact');
  await expect(page.getByRole('region', { name: 'Cookie consent' })).toHaveCount(0);
});
