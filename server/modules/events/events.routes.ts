/**
 * `GET /api/events`: the owner's event stream (server-sent events). Behind `requireAuth`, so only
 * an `Authorization: Bearer` header opens it; a token in the query string is never read. Each new
 * feedback entry on the owner's widgets that the plan lets them see is sent as `event: feedback`,
 * each site newly registered as a widget's installation as `event: installation`.
 */
import { Router, type Request } from 'express';
import {
  FEEDBACK_EVENT,
  EVENT_STREAM_PATH,
  INSTALLATION_EVENT,
  type FeedbackEvent,
  type InstallationEvent,
} from '../../../src/shared/desktop-events';
import type { FeedbackItem } from '../../../src/shared/api';
import { type AuthUser, type TokenResolver } from '../../lib/auth';
import { can } from '../../../src/shared/roles';
import { currentWorkspace, type WorkspaceAccess } from '../workspaces/workspaces.service';
import { AppError } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import type { FeedbackService } from '../feedback/feedback.service';
import type { OwnerEventBus } from './event-bus';
import type { OwnerMessage } from './owner-messages';
import { openSse } from './sse-connection';
import { createStreamRegistry, type StreamObserver } from './stream-registry';

export interface EventStreamSettings {
  /** A comment line this often keeps proxies from timing the stream out and re-checks the token. */
  heartbeatMs: number;
  /** The `retry:` hint sent when a stream opens. */
  retryMs: number;
  maxStreamsPerOwner: number;
}

export const DEFAULT_EVENT_STREAM_SETTINGS: EventStreamSettings = {
  heartbeatMs: 25_000,
  retryMs: 5_000,
  maxStreamsPerOwner: 5,
};

export const SHUTTING_DOWN = 'The server is shutting down.';

interface EventsDeps extends EventStreamSettings {
  bus: OwnerEventBus<OwnerMessage>;
  /** Re-checks the stream's token before each event and heartbeat (logout revokes it). */
  resolveToken: TokenResolver;
  /** Re-checks that the account is still in the workspace, in a role that may read the inbox. */
  resolveWorkspace: (account: AuthUser, workspaceId: string) => Promise<WorkspaceAccess | undefined>;
  feedback: Pick<FeedbackService, 'findVisible'>;
  logger: Logger;
  /** Aborted when graceful shutdown begins: every stream is closed so the server can stop. */
  shutdownSignal?: AbortSignal;
  /** Counts the open streams (/metrics). */
  streamObserver?: StreamObserver;
}

const BEARER = /^Bearer\s+(\S+)$/i;

function bearerToken(req: Request): string {
  return BEARER.exec(req.headers.authorization ?? '')?.[1] ?? '';
}

function toFeedbackEvent(item: FeedbackItem): FeedbackEvent | null {
  // The widget was deleted between the write and now: nothing worth announcing.
  if (item.widgetName === null) return null;
  return {
    feedbackId: item._id,
    widgetId: item.widgetId,
    widgetName: item.widgetName,
    message: item.message,
    createdAt: item.createdAt,
  };
}

/** Creates the router; mount it after `requireAuth`. */
export function createEventsRouter(deps: EventsDeps) {
  const { bus, resolveToken, resolveWorkspace, feedback, logger, shutdownSignal } = deps;
  const streams = createStreamRegistry(deps.maxStreamsPerOwner, deps.streamObserver);
  shutdownSignal?.addEventListener('abort', () => streams.closeAll(), { once: true });

  const router = Router();
  router.get(EVENT_STREAM_PATH.replace(/^\/api/, ''), (req, res) => {
    if (shutdownSignal?.aborted) throw new AppError(503, SHUTTING_DOWN);
    const workspace = currentWorkspace(res);
    const token = bearerToken(req);
    const connection = openSse(res);
    connection.retry(deps.retryMs);
    // The cap is per person: a team of ten each with a tab open is not one owner's leak.
    streams.add(workspace.account.id, connection);

    // One task at a time per stream, so events leave in the order they were stored.
    let queue = Promise.resolve();
    const run = (task: () => Promise<void>) => {
      queue = queue
        .then(() => (connection.closed ? undefined : task()))
        .catch((error: unknown) => {
          logger.warn({ err: error, workspaceId: workspace.id }, 'event stream closed after an error');
          connection.close();
        });
    };
    /**
     * The stream's access as it is now: a revoked or expired token, or a member removed or left
     * without the right to read the inbox, ends the stream.
     */
    const session = async (): Promise<WorkspaceAccess | undefined> => {
      const fresh = await resolveToken(token);
      const access = fresh?.id === workspace.account.id ? await resolveWorkspace(fresh, workspace.id) : undefined;
      if (access && can(access.role, 'inbox.read')) return access;
      connection.close();
      return undefined;
    };

    const unsubscribe = bus.subscribe(workspace.id, (message) =>
      run(async () => {
        if (message.kind === 'access' && message.accountId !== workspace.account.id) return;
        const owner = await session();
        if (!owner || message.kind === 'access') return;
        if (message.kind === 'installation') {
          const event: InstallationEvent = { widgetId: message.widgetId, host: message.host };
          connection.send(INSTALLATION_EVENT, JSON.stringify(event));
          return;
        }
        // Visibility is the plan's as of now, as the inbox decides it: hidden entries stay quiet.
        const item = await feedback.findVisible(owner, message.feedbackId);
        const event = item && toFeedbackEvent(item);
        if (event) connection.send(FEEDBACK_EVENT, JSON.stringify(event));
      }),
    );
    const heartbeat = setInterval(
      () =>
        run(async () => {
          if (await session()) connection.comment('heartbeat');
        }),
      deps.heartbeatMs,
    );
    connection.onClose(() => {
      clearInterval(heartbeat);
      unsubscribe();
    });
  });
  return router;
}
