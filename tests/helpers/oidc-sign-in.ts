/**
 * A single sign-on driven the way a browser drives it, without one: each redirect followed by hand
 * with the cookies each site set, the test provider's sign-in page filled in, until the browser
 * would land on a page of Tellbox's own (or the desktop app's loopback address). The API suites use
 * it where a real browser would add only time (tests/e2e/console/sso.spec.ts has the real one).
 */

/** Cookies by origin; paths are ignored, which is all these few hops need. */
export type CookieJar = Map<string, Map<string, string>>;

export interface SignInOptions {
  /** The address typed on the provider's sign-in page. */
  email: string;
  /** The start's query, e.g. `?return=…&challenge=…` for the desktop app's sign-in. */
  startQuery?: string;
  /** Ends at the provider's redirect back to Tellbox, without following it (`landedOn` is the callback). */
  stopAtCallback?: boolean;
  /** Changes the provider's redirect back to Tellbox before the "browser" follows it. */
  tamperCallback?: (callback: URL) => void;
  /** The desktop app's loopback origin: the sign-in ends when it is sent there. */
  desktopOrigin?: string;
  /** Cookies of an earlier hop (the same browser); a new jar otherwise. */
  jar?: CookieJar;
}

export interface SignInResult {
  /** Where the browser ends: `http://…/sso/complete#code=…`, `…/login?sso_error=…`, or the loopback address. */
  landedOn: URL;
  jar: CookieJar;
}

function remember(jar: CookieJar, origin: string, response: Response) {
  const cookies = jar.get(origin) ?? new Map<string, string>();
  jar.set(origin, cookies);
  for (const line of response.headers.getSetCookie()) {
    const [pair = '', ...attributes] = line.split(';');
    const [name = '', ...value] = pair.trim().split('=');
    const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a) || /expires=thu, 01 jan 1970/i.test(a));
    if (expired) cookies.delete(name);
    else cookies.set(name, value.join('='));
  }
}

/** A GET or POST as the browser holding `jar` sends it; redirects are not followed. */
export async function send(jar: CookieJar, url: URL, init: RequestInit = {}): Promise<Response> {
  const cookies = [...(jar.get(url.origin) ?? new Map<string, string>())].map(([name, value]) => `${name}=${value}`);
  const headers = new Headers(init.headers);
  if (cookies.length > 0) headers.set('Cookie', cookies.join('; '));
  const response = await fetch(url, { ...init, headers, redirect: 'manual' });
  remember(jar, url.origin, response);
  return response;
}

/** Starts a sign-in at `tellboxUrl` and follows it through the provider to where it ends. */
export async function signInThroughProvider(tellboxUrl: string, options: SignInOptions): Promise<SignInResult> {
  const jar = options.jar ?? new Map();
  const tellbox = new URL(tellboxUrl).origin;
  let url = new URL(`/api/auth/oidc/start${options.startQuery ?? ''}`, tellboxUrl);
  for (let hop = 0; hop < 20; hop += 1) {
    const response = await send(jar, url);
    const location = response.headers.get('location');
    if (response.status === 200 && url.pathname.startsWith('/interaction/')) {
      await response.text();
      const body = new URLSearchParams({ email: options.email });
      const submitted = await send(jar, url, { method: 'POST', body });
      url = new URL(submitted.headers.get('location') ?? '', url);
      continue;
    }
    if (response.status < 300 || response.status >= 400 || !location) {
      throw new Error(`${url.href} answered ${response.status}: ${await response.text()}`);
    }
    const next = new URL(location, url);
    if (next.origin === tellbox && next.pathname === '/api/auth/oidc/callback') {
      if (options.stopAtCallback) return { landedOn: next, jar };
      options.tamperCallback?.(next);
    }
    const onTellboxPage = next.origin === tellbox && !next.pathname.startsWith('/api/auth/oidc/');
    if (onTellboxPage || next.origin === options.desktopOrigin) return { landedOn: next, jar };
    url = next;
  }
  throw new Error('The sign-in did not end within 20 redirects');
}

/** The one-time code in the address a console sign-in ends on (`/sso/complete#code=…`). */
export function handedOverCode(landedOn: URL): string {
  const code = new URLSearchParams(landedOn.hash.slice(1)).get('code');
  if (!code) throw new Error(`No code in ${landedOn.href}`);
  return code;
}
