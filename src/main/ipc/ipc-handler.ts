/**
 * The one way main answers the renderer: check the sender, parse the arguments, run the service,
 * and answer a safe value for anything refused or failed, so a hostile or buggy call can neither
 * reach a service nor throw into the main process (docs/security-model.md E-08).
 */
import type { z } from 'zod';

/** The part of Electron's WebFrameMain the sender check reads. */
export interface IpcSenderFrame {
  readonly url: string;
  readonly parent: unknown;
}

/** The part of Electron's IpcMainInvokeEvent the sender check reads. */
export interface IpcInvokeEvent {
  readonly senderFrame: IpcSenderFrame | null;
}

/** The part of Electron's ipcMain the handlers use (Electron's own ipcMain fits it). */
export interface IpcMainLike {
  handle(channel: string, listener: (event: IpcInvokeEvent, ...args: unknown[]) => unknown): void;
}

export type TrustedSenderCheck = (event: IpcInvokeEvent) => boolean;

interface ValidatedHandler<Args extends unknown[], Result> {
  isTrustedSender: TrustedSenderCheck;
  /** The whole argument list (a zod tuple from shared/ipc-schemas). */
  args: z.ZodType<Args>;
  /** What a refused or failed call answers. */
  rejected: Result;
  run: (...args: Args) => Result | Promise<Result>;
}

/** Registers `channel` on ipcMain behind the sender check and the argument schema. */
export function handleValidated<Args extends unknown[], Result>(
  ipcMain: IpcMainLike,
  channel: string,
  handler: ValidatedHandler<Args, Result>,
): void {
  ipcMain.handle(channel, async (event, ...rawArgs) => {
    try {
      if (handler.isTrustedSender(event) !== true) return handler.rejected;
      const parsed = handler.args.safeParse(rawArgs);
      if (!parsed.success) return handler.rejected;
      return await handler.run(...parsed.data);
    } catch {
      // A failing service (keychain, store, network) answers the safe value; the renderer
      // cannot tell it from a refusal, which is all it needs to know.
      return handler.rejected;
    }
  });
}
