// @vitest-environment jsdom
import { afterEach, describe, expect, test, vi } from 'vitest';
import { createFakeDesktopBridge } from '../testing/fake-desktop-bridge';
import {
  desktopBridge,
  isDesktop,
  LINK_REFUSED,
  noticeOwner,
  onOwnerNotice,
  openExternal,
  type OwnerNotice,
} from './platform';

const CHECKOUT = 'https://checkout.stripe.com/c/pay/cs_test_123';

afterEach(() => {
  delete window.tellbox;
  vi.restoreAllMocks();
});

function recordNotices(): { notices: OwnerNotice[]; stop: () => void } {
  const notices: OwnerNotice[] = [];
  const stop = onOwnerNotice((notice) => notices.push(notice));
  return { notices, stop };
}

describe('platform detection', () => {
  test('in the browser there is no bridge', () => {
    expect(desktopBridge()).toBeNull();
    expect(isDesktop()).toBe(false);
  });

  test('with window.tellbox the console is the desktop app, and uses that bridge', () => {
    const { bridge } = createFakeDesktopBridge();
    window.tellbox = bridge;
    expect(desktopBridge()).toBe(bridge);
    expect(isDesktop()).toBe(true);
  });
});

describe('openExternal', () => {
  test('in the browser it opens a new tab without an opener', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    await expect(openExternal(CHECKOUT)).resolves.toBe(true);
    expect(open).toHaveBeenCalledExactlyOnceWith(CHECKOUT, '_blank', 'noopener,noreferrer');
  });

  test('in the desktop app it goes to the system browser through the bridge, never window.open', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { bridge } = createFakeDesktopBridge();
    window.tellbox = bridge;
    const { notices, stop } = recordNotices();
    await expect(openExternal(CHECKOUT)).resolves.toBe(true);
    stop();
    expect(bridge.openExternal).toHaveBeenCalledExactlyOnceWith(CHECKOUT);
    expect(open).not.toHaveBeenCalled();
    expect(notices).toEqual([]);
  });

  test('a URL the app refuses answers false and tells the owner why', async () => {
    const { bridge } = createFakeDesktopBridge();
    bridge.openExternal.mockResolvedValue(false);
    window.tellbox = bridge;
    const { notices, stop } = recordNotices();
    await expect(openExternal('javascript:alert(1)')).resolves.toBe(false);
    stop();
    expect(notices).toEqual([LINK_REFUSED]);
  });

  test('a failing bridge counts as refused, without throwing', async () => {
    const { bridge } = createFakeDesktopBridge();
    bridge.openExternal.mockRejectedValue(new Error('ipc down'));
    window.tellbox = bridge;
    const { notices, stop } = recordNotices();
    await expect(openExternal(CHECKOUT)).resolves.toBe(false);
    stop();
    expect(notices).toEqual([LINK_REFUSED]);
  });
});

describe('owner notices', () => {
  test('a notice sent before anyone listens reaches the first listener, once', () => {
    const notice = { title: 'Keychain unavailable', description: 'Kept in memory only.' };
    noticeOwner(notice);
    const first = recordNotices();
    first.stop();
    const second = recordNotices();
    second.stop();
    expect(first.notices).toEqual([notice]);
    expect(second.notices).toEqual([]);
  });
});
