/**
 * Live lists in the console: the owner's event stream (`GET /api/events`) refreshes the dashboard,
 * the inbox and the monthly cap as feedback arrives, and the widgets (their installations, the
 * onboarding's "Install the snippet" step) when a site starts using one. The stream is read with
 * fetch, not EventSource, because EventSource cannot send the Authorization header (the token
 * never goes in a URL). Only owner screens import this file, so `/` does not load it.
 */
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { EVENT_STREAM_PATH } from '../../../shared/desktop-events';
import { connectEventStream, type EventStreamConnection } from '../../../shared/event-stream';
import { env } from '../config/env';
import { useSessionStore } from '../stores/session-store';
import { useWorkspaceStore } from '../stores/workspace-store';
import { WORKSPACE_HEADER } from './api-client';
import { ownerKeys } from './owner-data/query-keys';

/** Events arriving in a burst refresh the lists once, this long after the first of them. */
export const LIVE_REFRESH_DELAY_MS = 250;

type OwnerQueryKey = readonly string[];

/** What a new feedback entry changes. */
const FEEDBACK_DATA: OwnerQueryKey[] = [ownerKeys.overview(), ownerKeys.feedbackAll(), ownerKeys.feedbackSummary()];
/** What a new installation changes: the widgets (installations included) and the dashboard. */
const INSTALLATION_DATA: OwnerQueryKey[] = [ownerKeys.widgets(), ownerKeys.overview()];

/** `/api/events` under the configured API base (the same origin in the browser and in the app). */
export const LIVE_EVENTS_URL = `${env.apiUrl}${EVENT_STREAM_PATH.replace(/^\/api/, '')}`;

/** Marks the owner data that a new feedback entry changes as stale; screens showing it refetch. */
export function invalidateFeedbackData(queryClient: QueryClient): void {
  for (const queryKey of FEEDBACK_DATA) void queryClient.invalidateQueries({ queryKey });
}

export interface LiveOwnerEventsOptions {
  /** The session token as stored (`'Bearer …'`). */
  token: string;
  /** The workspace whose events to follow; null: the account's default. */
  workspaceId?: string | null;
  queryClient: QueryClient;
  fetch?: typeof fetch;
  url?: string;
}

/** Opens the stream for one token; `stop()` closes it and drops a pending refresh. */
export function startLiveOwnerEvents(options: LiveOwnerEventsOptions): EventStreamConnection {
  const { token, workspaceId, queryClient } = options;
  let pending: ReturnType<typeof setTimeout> | null = null;
  /** Keys to invalidate when the pending refresh runs, each once (as text, so equal keys merge). */
  const stale = new Map<string, OwnerQueryKey>();
  let opened = false;

  const refreshSoon = (keys: OwnerQueryKey[]) => {
    for (const key of keys) stale.set(JSON.stringify(key), key);
    if (pending !== null) return;
    pending = setTimeout(() => {
      pending = null;
      const queryKeys = [...stale.values()];
      stale.clear();
      for (const queryKey of queryKeys) void queryClient.invalidateQueries({ queryKey });
    }, LIVE_REFRESH_DELAY_MS);
  };

  const connection = connectEventStream({
    url: options.url ?? LIVE_EVENTS_URL,
    getToken: () => token,
    headers: (): Record<string, string> => (workspaceId ? { [WORKSPACE_HEADER]: workspaceId } : {}),
    fetch: options.fetch ?? fetch,
    onFeedback: () => refreshSoon(FEEDBACK_DATA),
    onInstallation: () => refreshSoon(INSTALLATION_DATA),
    onStatus: (status) => {
      if (status !== 'open') return;
      // Back after a gap (server restart, network): feedback or a new site may have come meanwhile.
      if (opened) refreshSoon([...FEEDBACK_DATA, ...INSTALLATION_DATA]);
      opened = true;
    },
    // A 401 means this token was revoked (logout elsewhere, password change): the stream stops;
    // the next owner request meets the same 401, and a new login starts a new stream.
  });

  return {
    stop() {
      connection.stop();
      if (pending !== null) clearTimeout(pending);
      pending = null;
      stale.clear();
    },
  };
}

/**
 * Keeps the owner's event stream open while a session exists: restarts it when the token or the
 * workspace changes (events are a workspace's) and closes it on logout. Mount once, in the owner
 * layout.
 */
export function useLiveOwnerEvents(): void {
  const token = useSessionStore((state) => state.token);
  const workspaceId = useWorkspaceStore((state) => state.workspaceId);
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!token) return undefined;
    const live = startLiveOwnerEvents({ token, workspaceId, queryClient });
    return () => live.stop();
  }, [token, workspaceId, queryClient]);
}
