/**
 * "Open in the system browser" behind an allow-list (docs/security-model.md E-07): Stripe's checkout and
 * billing pages and the owner's own Tellbox server (its test-mode checkout page), parsed with
 * `new URL()` and compared as parsed hosts, never as string prefixes.
 */

/** Stripe's hosted pages the console sends owners to. */
export const STRIPE_HOSTS: readonly string[] = ['checkout.stripe.com', 'billing.stripe.com'];

/** Hosts that are this computer, as `new URL().hostname` writes them. */
const LOOPBACK_HOSTNAMES: readonly string[] = ['localhost', '127.0.0.1', '[::1]'];

/** Longer than any checkout URL; a cap so a hostile renderer cannot hand the OS megabytes. */
export const MAX_EXTERNAL_URL_LENGTH = 4096;

/**
 * Control characters, every kind of whitespace, zero-width and bidi marks, and backslashes. None
 * belongs in a URL the app opens: the URL parser would strip or reinterpret some of them, so a
 * string that carries them can mean one thing to this check and another to the OS.
 */
const UNSAFE_CHARACTERS =
  // eslint-disable-next-line no-control-regex -- control characters are what this looks for
  /[\u0000-\u0020\u007f-\u00a0\u00ad\u1680\u180e\u2000-\u200f\u2028-\u202f\u205f-\u206f\u3000\ufeff\\]/u;

export interface ExternalUrlPolicy {
  /** The configured Tellbox server (an origin such as `https://tellbox.example.com`), or null. */
  serverUrl: string | null;
}

/** The configured server as a parsed http(s) URL without credentials, or null. */
function parseServer(serverUrl: string | null): URL | null {
  if (!serverUrl) return null;
  try {
    const server = new URL(serverUrl);
    if (server.protocol !== 'https:' && server.protocol !== 'http:') return null;
    if (server.username || server.password) return null;
    return server;
  } catch {
    return null;
  }
}

/** `url` parsed, or null when it is not something the app would ever hand the OS. */
export function parseAllowedExternalUrl(url: unknown, policy: ExternalUrlPolicy): URL | null {
  if (typeof url !== 'string' || url.length === 0 || url.length > MAX_EXTERNAL_URL_LENGTH) return null;
  if (UNSAFE_CHARACTERS.test(url)) return null;
  // Written out in full (`https://host…`): the parser also accepts `https:host` and `https://:@host`,
  // and a form the OS might read differently is not worth accepting.
  const written = /^https?:\/\/([^/?#]*)/i.exec(url);
  if (!written || written[1]?.includes('@')) return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.username || parsed.password) return null;
  const server = parseServer(policy.serverUrl);

  if (parsed.protocol === 'https:') {
    // `host` includes a port: Stripe on a non-default port is not Stripe's page.
    if (STRIPE_HOSTS.includes(parsed.host)) return parsed;
    return server && parsed.host === server.host ? parsed : null;
  }
  if (parsed.protocol === 'http:') {
    // Plain http only for a server on this computer, and only on its own host and port.
    const serverIsLoopback = server?.protocol === 'http:' && LOOPBACK_HOSTNAMES.includes(server.hostname);
    return serverIsLoopback && parsed.host === server.host ? parsed : null;
  }
  return null;
}

/** True when `url` may be opened in the system browser. */
export function isAllowedExternalUrl(url: unknown, policy: ExternalUrlPolicy): boolean {
  return parseAllowedExternalUrl(url, policy) !== null;
}

/** The part of Electron's `shell` this module uses. */
export interface ShellLike {
  openExternal(url: string): Promise<void>;
}

export interface ExternalLinksDeps {
  shell: ShellLike;
  getServerUrl: () => string | null;
  /** Told about refused URLs and failed opens (never throws). */
  onRefused?: (reason: string) => void;
}

export interface ExternalLinks {
  /** Checks `url`, then opens it in the system browser; false when refused or when the OS failed. */
  openExternal(url: unknown): Promise<boolean>;
}

export function createExternalLinks(deps: ExternalLinksDeps): ExternalLinks {
  return {
    async openExternal(url) {
      const allowed = parseAllowedExternalUrl(url, { serverUrl: deps.getServerUrl() });
      if (!allowed) {
        deps.onRefused?.('not on the allow-list');
        return false;
      }
      try {
        // The parsed, normalised form: the OS gets exactly what was checked.
        await deps.shell.openExternal(allowed.href);
        return true;
      } catch (error) {
        deps.onRefused?.(error instanceof Error ? error.message : 'the system browser could not be opened');
        return false;
      }
    },
  };
}
