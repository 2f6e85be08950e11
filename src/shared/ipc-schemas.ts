/**
 * The arguments the main process accepts on each renderer → main IPC channel (docs/security-model.md
 * E-08). Each channel's schema is a tuple over the whole argument list, so a missing argument and
 * an extra one are refused alike. Imported by the main process only: the sandboxed preload must
 * stay free of zod (it uses the names in ipc-channels.ts).
 */
import type { IPC } from './ipc-channels';
import { z } from './schemas/zod';

/** What the console stores as its session (docs/product.md §3: `'Bearer ' + token`); server tokens are base64url. */
export const sessionTokenSchema = z
  .string()
  .max('Bearer '.length + 512)
  .regex(/^Bearer [A-Za-z0-9_-]{1,512}$/);

/** A server address as typed by the owner; its content is checked by normaliseServerUrl. */
export const serverUrlInputSchema = z.string().max(2048);

/** A URL to open in the system browser; the external-links allow-list decides on its content. */
export const externalUrlSchema = z.string().max(4096);

/** The channels the renderer may invoke (notificationClick goes the other way). */
type InvokeChannelKey = Exclude<keyof typeof IPC, 'notificationClick'>;

/** The argument list of every invoke channel, keyed like IPC. */
export const IPC_ARGS = {
  getToken: z.tuple([]),
  setToken: z.tuple([sessionTokenSchema]),
  clearToken: z.tuple([]),
  getServerUrl: z.tuple([]),
  setServerUrl: z.tuple([serverUrlInputSchema]),
  openExternal: z.tuple([externalUrlSchema]),
  ssoSignIn: z.tuple([]),
} satisfies Record<InvokeChannelKey, z.ZodType<unknown[]>>;
