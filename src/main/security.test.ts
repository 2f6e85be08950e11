import { describe, expect, it, vi } from 'vitest';
import {
  installSecurity,
  isNavigationAllowed,
  isPermissionAllowed,
  secureSession,
  secureWebContents,
  type GuardedSession,
  type GuardedWebContents,
  type NavigationEvent,
  type PermissionRequestDetails,
} from './security';

type Listener = (event: NavigationEvent) => void;

/** A web contents that records its listeners and window-open handler, and can emit events. */
function fakeWebContents() {
  const listeners = new Map<string, Listener[]>();
  let windowOpenHandler: ((details: { url: string }) => { action: 'deny' }) | undefined;
  const contents: GuardedWebContents = {
    on(event: string, listener: Listener) {
      listeners.set(event, [...(listeners.get(event) ?? []), listener]);
      return contents;
    },
    setWindowOpenHandler(handler) {
      windowOpenHandler = handler;
    },
  };
  /** Emits `name` with `url`; answers whether a listener called preventDefault. */
  function emit(name: string, url = ''): boolean {
    let prevented = false;
    const event = { url, preventDefault: () => (prevented = true) };
    for (const listener of listeners.get(name) ?? []) listener(event);
    return prevented;
  }
  function openWindow(url: string) {
    if (!windowOpenHandler) throw new Error('no window open handler');
    return windowOpenHandler({ url });
  }
  return { contents, emit, openWindow, listeners };
}

function secured() {
  const fake = fakeWebContents();
  const openExternal = vi.fn(async (_url: string) => true);
  const log = vi.fn();
  secureWebContents(fake.contents, { openExternal, log });
  return { ...fake, openExternal, log };
}

const APP_URLS = [
  'app://tellbox/',
  'app://tellbox/feedback?widget=w_1',
  'app://tellbox/setup-server',
  'APP://TELLBOX/x',
];

const FOREIGN_URLS = [
  'https://evil.example/',
  'https://app.example.com.evil.tld/',
  'app://tellbox.evil.tld/',
  'app://tellboxevil/',
  'app://evil/tellbox',
  'app://evil.tld/?app://tellbox',
  'app://tellbox@evil.tld/',
  'app://user@tellbox/',
  'app://tellbox:8080/',
  'app:tellbox/',
  'file:///etc/passwd',
  'javascript:alert(1)',
  'data:text/html,<h1>hi</h1>',
  'about:blank',
  'chrome://gpu',
  'devtools://devtools/bundled/inspector.html',
  'tellbox://app/',
  'http://localhost:3000/',
  'https://checkout.stripe.com/c/pay/cs_test_1',
  'not a url',
  '',
];

describe('isNavigationAllowed', () => {
  it.each(APP_URLS)('allows the app origin: %s', (url) => expect(isNavigationAllowed(url)).toBe(true));
  it.each(FOREIGN_URLS)('blocks %s', (url) => expect(isNavigationAllowed(url)).toBe(false));
});

describe('secureWebContents', () => {
  it('lets navigation within the app through', () => {
    const { emit } = secured();
    for (const url of APP_URLS) {
      expect(emit('will-navigate', url)).toBe(false);
      expect(emit('will-redirect', url)).toBe(false);
      expect(emit('will-frame-navigate', url)).toBe(false);
    }
  });

  it('blocks navigation, frame navigation and redirects to any other origin', () => {
    const { emit } = secured();
    for (const url of FOREIGN_URLS) {
      expect(emit('will-navigate', url), url).toBe(true);
      expect(emit('will-frame-navigate', url), url).toBe(true);
      expect(emit('will-redirect', url), url).toBe(true);
    }
  });

  it('hands a blocked top-level navigation to the allow-listed system browser, never a redirect', () => {
    const { emit, openExternal } = secured();
    emit('will-navigate', 'https://checkout.stripe.com/c/pay/cs_test_1');
    expect(openExternal).toHaveBeenCalledWith('https://checkout.stripe.com/c/pay/cs_test_1');
    openExternal.mockClear();
    emit('will-redirect', 'https://checkout.stripe.com/c/pay/cs_test_1');
    emit('will-frame-navigate', 'https://checkout.stripe.com/c/pay/cs_test_1');
    expect(openExternal).not.toHaveBeenCalled();
  });

  it('prevents every <webview>', () => {
    const { emit } = secured();
    expect(emit('will-attach-webview')).toBe(true);
  });

  it('denies every new window and hands its URL to openExternal, which applies the allow-list', () => {
    const { openWindow, openExternal } = secured();
    expect(openWindow('https://checkout.stripe.com/c/pay/cs_test_1')).toEqual({ action: 'deny' });
    expect(openWindow('app://tellbox/feedback')).toEqual({ action: 'deny' });
    expect(openWindow('javascript:alert(1)')).toEqual({ action: 'deny' });
    expect(openExternal.mock.calls.map(([url]) => url)).toEqual([
      'https://checkout.stripe.com/c/pay/cs_test_1',
      'app://tellbox/feedback',
      'javascript:alert(1)',
    ]);
  });

  it('survives an openExternal that rejects', async () => {
    const fake = fakeWebContents();
    const log = vi.fn();
    secureWebContents(fake.contents, { openExternal: () => Promise.reject(new Error('boom')), log });
    expect(fake.openWindow('https://checkout.stripe.com/')).toEqual({ action: 'deny' });
    await vi.waitFor(() => expect(log).toHaveBeenCalledWith(expect.stringContaining('Could not open')));
  });
});

describe('isPermissionAllowed', () => {
  it('grants notifications to the app origin only', () => {
    expect(isPermissionAllowed('notifications', 'app://tellbox')).toBe(true);
    expect(isPermissionAllowed('notifications', 'https://evil.example')).toBe(false);
    expect(isPermissionAllowed('notifications', 'app://tellbox.evil.tld')).toBe(false);
    expect(isPermissionAllowed('notifications', 'null')).toBe(false);
    expect(isPermissionAllowed('notifications', null)).toBe(false);
    expect(isPermissionAllowed('notifications', undefined)).toBe(false);
  });

  it.each([
    'media',
    'geolocation',
    'clipboard-read',
    'clipboard-sanitized-write',
    'midiSysex',
    'hid',
    'serial',
    'usb',
    'fullscreen',
    'openExternal',
    'pointerLock',
    'display-capture',
    'idle-detection',
    'unknown',
  ])('denies %s even to the app origin', (permission) =>
    expect(isPermissionAllowed(permission, 'app://tellbox')).toBe(false),
  );
});

describe('secureSession', () => {
  function setup() {
    let request: Parameters<GuardedSession['setPermissionRequestHandler']>[0] | undefined;
    let check: Parameters<GuardedSession['setPermissionCheckHandler']>[0] | undefined;
    secureSession({
      setPermissionRequestHandler: (handler) => (request = handler),
      setPermissionCheckHandler: (handler) => (check = handler),
    });
    if (!request || !check) throw new Error('handlers not installed');
    const requestHandler = request;
    const checkHandler = check;
    return {
      ask(permission: string, details: PermissionRequestDetails): boolean {
        let granted: boolean | undefined;
        requestHandler({}, permission, (answer) => (granted = answer), details);
        if (granted === undefined) throw new Error('callback not called');
        return granted;
      },
      check: (permission: string, origin: string) => checkHandler(null, permission, origin, {}),
    };
  }

  it('answers a notification request from the app main frame with yes', () => {
    const { ask } = setup();
    expect(ask('notifications', { requestingUrl: 'app://tellbox/dashboard', isMainFrame: true })).toBe(true);
  });

  it('answers every other request with no', () => {
    const { ask } = setup();
    expect(ask('notifications', { requestingUrl: 'https://evil.example/', isMainFrame: true })).toBe(false);
    expect(ask('notifications', { requestingUrl: 'app://tellbox.evil.tld/', isMainFrame: true })).toBe(false);
    expect(ask('notifications', { requestingUrl: 'app://tellbox/', isMainFrame: false })).toBe(false);
    expect(ask('notifications', {})).toBe(false);
    for (const permission of ['media', 'geolocation', 'clipboard-read', 'openExternal', 'fullscreen']) {
      expect(ask(permission, { requestingUrl: 'app://tellbox/', isMainFrame: true }), permission).toBe(false);
    }
  });

  it('answers permission checks the same way', () => {
    const { check } = setup();
    expect(check('notifications', 'app://tellbox')).toBe(true);
    expect(check('notifications', 'https://app.example.com.evil.tld')).toBe(false);
    expect(check('media', 'app://tellbox')).toBe(false);
    expect(check('clipboard-read', 'app://tellbox')).toBe(false);
  });
});

describe('installSecurity', () => {
  it('secures the session and every web contents created afterwards', () => {
    let created: ((event: unknown, contents: GuardedWebContents) => void) | undefined;
    const session = { setPermissionRequestHandler: vi.fn(), setPermissionCheckHandler: vi.fn() };
    installSecurity({
      app: { on: (_event, listener) => (created = listener) },
      session,
      openExternal: async () => false,
    });
    expect(session.setPermissionRequestHandler).toHaveBeenCalledTimes(1);
    expect(session.setPermissionCheckHandler).toHaveBeenCalledTimes(1);

    const fake = fakeWebContents();
    created?.({}, fake.contents);
    expect([...fake.listeners.keys()].sort()).toEqual([
      'will-attach-webview',
      'will-frame-navigate',
      'will-navigate',
      'will-redirect',
    ]);
    expect(fake.emit('will-navigate', 'https://evil.example/')).toBe(true);
    expect(fake.openWindow('https://evil.example/')).toEqual({ action: 'deny' });
  });
});
