/**
 * Fakes for the IPC tests (imported by tests only): an ipcMain that keeps its handlers and lets a
 * test invoke them as a renderer would, and the senders and arguments a hostile page could send.
 */
import type { IpcInvokeEvent, IpcMainLike } from './ipc-handler';

type Listener = (event: IpcInvokeEvent, ...args: unknown[]) => unknown;

export interface FakeIpcMain {
  ipcMain: IpcMainLike;
  channels(): string[];
  /** Calls the channel's handler as Electron would, from `event`'s frame. */
  invoke(channel: string, event: IpcInvokeEvent, ...args: unknown[]): Promise<unknown>;
}

export function createFakeIpcMain(): FakeIpcMain {
  const handlers = new Map<string, Listener>();
  return {
    ipcMain: {
      handle(channel, listener) {
        // As Electron does: one handler per channel.
        if (handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
        handlers.set(channel, listener);
      },
    },
    channels: () => [...handlers.keys()],
    async invoke(channel, event, ...args) {
      const handler = handlers.get(channel);
      if (!handler) throw new Error(`No handler registered for '${channel}'`);
      return handler(event, ...args);
    },
  };
}

/** The app's page in the window's top frame. */
export function appFrame(url = 'app://tellbox/feedback'): IpcInvokeEvent {
  return { senderFrame: { url, parent: null } };
}

const appTopFrame = { url: 'app://tellbox/', parent: null };

/** A frame whose properties throw on access, as a disposed WebFrameMain does. */
const disposedFrame = {
  get url(): string {
    throw new Error('Render frame was disposed before WebFrameMain could be accessed');
  },
  get parent(): unknown {
    throw new Error('Render frame was disposed before WebFrameMain could be accessed');
  },
};

/** Senders that must be refused, each with a name for the test title. */
export const UNTRUSTED_SENDERS: Array<[string, IpcInvokeEvent]> = [
  ['a remote page (https://evil.tld)', { senderFrame: { url: 'https://evil.tld/', parent: null } }],
  ['a local file (file://)', { senderFrame: { url: 'file:///tmp/index.html', parent: null } }],
  ['a subframe of the app', { senderFrame: { url: 'app://tellbox/', parent: appTopFrame } }],
  ['a remote subframe inside the app', { senderFrame: { url: 'https://evil.tld/', parent: appTopFrame } }],
  ['no sender frame (navigated away or destroyed)', { senderFrame: null }],
  ['a disposed frame', { senderFrame: disposedFrame }],
  ['a look-alike host (app://tellbox.evil.tld)', { senderFrame: { url: 'app://tellbox.evil.tld/', parent: null } }],
  ['another app host (app://evil)', { senderFrame: { url: 'app://evil/', parent: null } }],
  ['the app host on a port (app://tellbox:8080)', { senderFrame: { url: 'app://tellbox:8080/', parent: null } }],
  ['a user@host trick (app://tellbox@evil.tld)', { senderFrame: { url: 'app://tellbox@evil.tld/', parent: null } }],
  ['credentials on the app URL', { senderFrame: { url: 'app://evil@tellbox/', parent: null } }],
  ['http with the app host (http://tellbox)', { senderFrame: { url: 'http://tellbox/', parent: null } }],
  ['about:blank', { senderFrame: { url: 'about:blank', parent: null } }],
  ['an error page', { senderFrame: { url: 'chrome-error://chromewebdata/', parent: null } }],
  ['an empty URL', { senderFrame: { url: '', parent: null } }],
  ['a parent that is undefined rather than null', { senderFrame: { url: 'app://tellbox/', parent: undefined } }],
];

/** A string far beyond every channel's limit. */
export const HUGE_STRING = 'A'.repeat(1_000_000);

/** Argument lists a one-string channel must refuse. */
export const BAD_STRING_ARGS: Array<[string, unknown[]]> = [
  ['no argument', []],
  ['undefined', [undefined]],
  ['null', [null]],
  ['a number', [42]],
  ['an object', [{ toString: () => 'https://tellbox.example.com' }]],
  ['an array', [['https://tellbox.example.com']]],
  ['a huge string', [HUGE_STRING]],
  ['an extra argument', ['https://tellbox.example.com', 'extra']],
];

/** Argument lists a no-argument channel must refuse. */
export const BAD_EMPTY_ARGS: Array<[string, unknown[]]> = [
  ['an argument', ['x']],
  ['a huge string', [HUGE_STRING]],
  ['an object', [{}]],
];
