import { describe, expect, it, vi } from 'vitest';
import { createExternalLinks, isAllowedExternalUrl, MAX_EXTERNAL_URL_LENGTH } from './external-links';

const HOSTED = { serverUrl: 'https://tellbox.example.com' };
const LOCAL = { serverUrl: 'http://localhost:3000' };
const LOCAL_IP = { serverUrl: 'http://127.0.0.1:3000' };
const CHECKOUT = 'https://checkout.stripe.com/c/pay/cs_test_a1B2c3D4e5#fidkdWxOYHwnPyd1blpxYHZxWjA0';

/** Each refused whatever the configured server is. */
const HOSTILE: string[] = [
  // Schemes other than http(s)
  'file:///etc/passwd',
  'file://C:/Windows/System32/calc.exe',
  'javascript:alert(1)',
  'JAVASCRIPT:alert(1)',
  'JaVaScRiPt:alert(document.domain)',
  'javascript://checkout.stripe.com/%0aalert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  'smb://evil.tld/share/payload.exe',
  '\\\\evil.tld\\share\\payload.exe',
  'ms-msdt:/id PCWDiagnostic /skip force',
  'ms-officecmd:{"id":1}',
  'search-ms:query=invoice&crumb=location:\\\\evil.tld\\share',
  'mailto:owner@example.com',
  'ftp://checkout.stripe.com/',
  'ws://checkout.stripe.com/',
  'app://tellbox/',
  'about:blank',
  'blob:https://checkout.stripe.com/0b4c2c1a-0000-4000-8000-000000000000',
  'chrome://settings',
  // Plain http to Stripe, and mixed-case variants that still are not https
  'http://checkout.stripe.com/c/pay/cs_test_1',
  'HTTP://CHECKOUT.STRIPE.COM/c/pay/cs_test_1',
  // Whitespace and control characters anywhere
  ` ${CHECKOUT}`,
  `${CHECKOUT} `,
  `\t${CHECKOUT}`,
  `\n${CHECKOUT}`,
  `${CHECKOUT}\r\n`,
  'https://checkout.stripe.com\n.evil.tld/',
  'https://checkout.stri\tpe.com/',
  'java\nscript:alert(1)',
  '\u0000https://checkout.stripe.com/',
  '\u00a0https://checkout.stripe.com/',
  '\u200bhttps://checkout.stripe.com/',
  '\ufeffhttps://checkout.stripe.com/',
  'https://checkout.stripe.com/\u202egpj.exe',
  // Look-alike hosts
  'https://checkout.stripe.com.evil.tld/c/pay/cs_test_1',
  'https://checkout-stripe.com/',
  'https://evilcheckout.stripe.com.evil.tld/',
  'https://stripe.com/',
  'https://dashboard.stripe.com/',
  'https://checkout.stripe.co/',
  'https://checkout.stripe.com./',
  'https://xn--checkout-stripe-xyz.com/',
  'https://checkout.strіpe.com/', // Cyrillic і
  'https://chеckout.stripe.com/', // Cyrillic е
  'https://checkout.xn--strpe-p2e.com/',
  'https://checkout.stripe.com:8443/c/pay/cs_test_1',
  // user@host tricks
  'https://evil.tld/@checkout.stripe.com',
  'https://checkout.stripe.com@evil.tld/',
  'https://checkout.stripe.com:443@evil.tld/',
  'https://user:pass@checkout.stripe.com/c/pay/cs_test_1',
  'https://user@checkout.stripe.com/',
  'https://:@checkout.stripe.com/',
  'https://evil.tld\\@checkout.stripe.com',
  'https://evil.tld%5c@checkout.stripe.com',
  'https://evil.tld#@checkout.stripe.com',
  'https://evil.tld?@checkout.stripe.com',
  // IP literals
  'https://3.33.152.147/',
  'https://0x7f000001/',
  'https://2130706433/',
  'https://[::ffff:7f00:1]/',
  // Relative and malformed
  '//checkout.stripe.com/c/pay/cs_test_1',
  '/c/pay/cs_test_1',
  'checkout.stripe.com/c/pay/cs_test_1',
  'https:checkout.stripe.com',
  'https://',
  '',
  `https://checkout.stripe.com/${'a'.repeat(MAX_EXTERNAL_URL_LENGTH)}`,
];

/** Refused because they are not the configured server, though they look close to it. */
const HOSTILE_FOR_SERVERS: Array<[string, { serverUrl: string | null }]> = [
  ['https://tellbox.example.com.evil.tld/test-checkout/cs_1', HOSTED],
  ['https://evil.tld/tellbox.example.com/test-checkout/cs_1', HOSTED],
  ['https://tellbox.example.com@evil.tld/', HOSTED],
  ['https://tellbox.example.com:8443/test-checkout/cs_1', HOSTED],
  ['http://tellbox.example.com/test-checkout/cs_1', HOSTED],
  ['https://example.com/', HOSTED],
  ['http://localhost:3001/test-checkout/cs_1', LOCAL],
  ['http://localhost/test-checkout/cs_1', LOCAL],
  ['http://127.0.0.1:3000/test-checkout/cs_1', LOCAL],
  ['http://0x7f.0.0.1:3000/', LOCAL],
  ['http://[::1]:3000/', LOCAL],
  ['http://localhost.evil.tld:3000/', LOCAL],
  ['http://evil.tld:3000/', LOCAL],
  ['http://localhost:3000@evil.tld/', LOCAL],
  ['http://user:pass@localhost:3000/', LOCAL],
  ['http://127.0.0.2:3000/', LOCAL_IP],
  ['http://[::ffff:127.0.0.1]:3000/', LOCAL_IP],
  // A non-loopback http server never makes http acceptable.
  ['http://tellbox.lan:3000/test-checkout/cs_1', { serverUrl: 'http://tellbox.lan:3000' }],
  ['http://192.168.1.20:3000/test-checkout/cs_1', { serverUrl: 'http://192.168.1.20:3000' }],
  // No server configured, or a configured value that is not an http(s) origin.
  ['https://tellbox.example.com/test-checkout/cs_1', { serverUrl: null }],
  ['file:///etc/passwd', { serverUrl: 'file:///etc' }],
  ['https://tellbox.example.com/', { serverUrl: 'https://u:p@tellbox.example.com' }],
  ['http://localhost:3000/', { serverUrl: 'not a url' }],
];

const LEGITIMATE: Array<[string, { serverUrl: string | null }]> = [
  [CHECKOUT, HOSTED],
  [CHECKOUT, { serverUrl: null }],
  ['https://checkout.stripe.com/c/pay/cs_live_b1C2d3', LOCAL],
  ['https://CHECKOUT.STRIPE.COM/c/pay/cs_test_1', HOSTED],
  ['HTTPS://checkout.stripe.com/c/pay/cs_test_1', HOSTED],
  ['https://checkout.stripe.com:443/c/pay/cs_test_1', HOSTED],
  ['https://billing.stripe.com/p/session/test_YWNjdF8xTjJ', HOSTED],
  ['https://tellbox.example.com/test-checkout/cs_test_42', HOSTED],
  ['https://tellbox.example.com/pricing', HOSTED],
  ['http://localhost:3000/test-checkout/cs_test_42', LOCAL],
  ['http://127.0.0.1:3000/test-checkout/cs_test_42', LOCAL_IP],
  ['http://[::1]:8080/test-checkout/cs_test_42', { serverUrl: 'http://[::1]:8080' }],
  ['https://localhost:3000/test-checkout/cs_1', LOCAL],
];

describe('isAllowedExternalUrl', () => {
  it('refuses at least 25 hostile URLs for every kind of configured server', () => {
    expect(HOSTILE.length).toBeGreaterThanOrEqual(25);
    for (const policy of [HOSTED, LOCAL, LOCAL_IP, { serverUrl: null }]) {
      const accepted = HOSTILE.filter((url) => isAllowedExternalUrl(url, policy));
      expect(accepted, `accepted with server ${policy.serverUrl}`).toEqual([]);
    }
  });

  it.each(HOSTILE_FOR_SERVERS)('refuses %s (server %o)', (url, policy) => {
    expect(isAllowedExternalUrl(url, policy)).toBe(false);
  });

  it.each(LEGITIMATE)('accepts %s (server %o)', (url, policy) => {
    expect(isAllowedExternalUrl(url, policy)).toBe(true);
  });

  it('refuses values that are not strings', () => {
    for (const value of [undefined, null, 42, {}, ['https://checkout.stripe.com/'], new URL(CHECKOUT)]) {
      expect(isAllowedExternalUrl(value, HOSTED)).toBe(false);
    }
  });
});

describe('createExternalLinks', () => {
  function setup(serverUrl: string | null = HOSTED.serverUrl) {
    const shell = { openExternal: vi.fn(async (_url: string) => undefined) };
    const onRefused = vi.fn();
    const links = createExternalLinks({ shell, getServerUrl: () => serverUrl, onRefused });
    return { shell, onRefused, links };
  }

  it('opens an allowed URL once, in its parsed form', async () => {
    const { shell, links } = setup();
    await expect(links.openExternal('HTTPS://Checkout.Stripe.com/c/pay/cs_test_1')).resolves.toBe(true);
    expect(shell.openExternal).toHaveBeenCalledTimes(1);
    expect(shell.openExternal).toHaveBeenCalledWith('https://checkout.stripe.com/c/pay/cs_test_1');
  });

  it('never calls the shell for a hostile URL', async () => {
    const cases: Array<[string, string | null]> = [
      ...HOSTILE.map((url): [string, string | null] => [url, HOSTED.serverUrl]),
      ...HOSTILE_FOR_SERVERS.map(([url, policy]): [string, string | null] => [url, policy.serverUrl]),
    ];
    for (const [url, serverUrl] of cases) {
      const { shell, links, onRefused } = setup(serverUrl);
      await expect(links.openExternal(url)).resolves.toBe(false);
      expect(shell.openExternal).not.toHaveBeenCalled();
      expect(onRefused).toHaveBeenCalledTimes(1);
    }
  });

  it('reads the server URL at each call, so a changed server takes effect at once', async () => {
    let serverUrl: string | null = null;
    const shell = { openExternal: vi.fn(async () => undefined) };
    const links = createExternalLinks({ shell, getServerUrl: () => serverUrl });
    await expect(links.openExternal('http://localhost:3000/test-checkout/cs_1')).resolves.toBe(false);
    serverUrl = 'http://localhost:3000';
    await expect(links.openExternal('http://localhost:3000/test-checkout/cs_1')).resolves.toBe(true);
  });

  it('answers false, without throwing, when the OS cannot open the URL', async () => {
    const { shell, links, onRefused } = setup();
    shell.openExternal.mockRejectedValueOnce(new Error('no browser'));
    await expect(links.openExternal(CHECKOUT)).resolves.toBe(false);
    expect(onRefused).toHaveBeenCalledWith('no browser');
  });
});
