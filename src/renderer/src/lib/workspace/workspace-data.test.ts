// @vitest-environment jsdom
import '../../testing/setup';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { FREE_SUBSCRIPTION, useSessionStore } from '../../stores/session-store';
import { setWorkspaceId, useWorkspaceStore } from '../../stores/workspace-store';
import { ownerKeys } from '../owner-data/query-keys';
import { PLANS_QUERY_KEY } from '../use-plans';
import { WORKSPACES_QUERY_KEY } from './get-workspaces';
import { watchWorkspace } from './workspace-data';

const fetchMock = vi.fn<typeof fetch>();
let queryClient: QueryClient;
let stop: () => void;

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(
    async () => new Response(JSON.stringify({ plan: 'pro', expiresAt: null, isActive: true, isToDelete: false })),
  );
  vi.stubGlobal('fetch', fetchMock);
  useSessionStore.setState({
    user: { id: 'ada', name: 'Ada', email: 'ada@x.com' },
    token: 'Bearer t',
    subscription: FREE_SUBSCRIPTION,
  });
  useWorkspaceStore.setState({ workspaceId: 'ws-1' });
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(PLANS_QUERY_KEY, { free: {} });
  queryClient.setQueryData(WORKSPACES_QUERY_KEY, [{ _id: 'ws-1', name: 'Acme', role: 'owner' }]);
  queryClient.setQueryData(ownerKeys.widgets(), { widgets: [{ _id: 'w1', name: 'Acme site' }] });
  queryClient.setQueryData(ownerKeys.feedback(null), { feedbacks: ['of ws-1'] });
  stop = watchWorkspace(queryClient);
});
afterEach(() => {
  stop();
  vi.unstubAllGlobals();
});

describe('switching workspace', () => {
  test("drops the previous workspace's data, keeps the plan table and the account's workspaces", async () => {
    setWorkspaceId('ws-2');
    await vi.waitFor(() => expect(queryClient.getQueryData(ownerKeys.widgets())).toBeUndefined());
    expect(queryClient.getQueryData(ownerKeys.feedback(null))).toBeUndefined();
    expect(queryClient.getQueryData(PLANS_QUERY_KEY)).toBeDefined();
    expect(queryClient.getQueryData(WORKSPACES_QUERY_KEY)).toBeDefined();
  });

  test('a screen showing the data starts again from nothing, asked in the new workspace', async () => {
    let release: (value: string) => void = () => undefined;
    const queryFn = vi.fn(
      () =>
        new Promise<string>((resolve) => {
          release = resolve;
        }),
    );
    queryClient.setQueryData(['owner', 'probe'], 'ws-1 rows');
    const observer = new QueryObserver(queryClient, { queryKey: ['owner', 'probe'], queryFn, staleTime: Infinity });
    const seen: unknown[] = [];
    const unsubscribe = observer.subscribe((result) => seen.push(result.data));
    setWorkspaceId('ws-2');
    await vi.waitFor(() => expect(queryFn).toHaveBeenCalled());
    // Never the previous workspace's rows while the new ones load.
    expect(observer.getCurrentResult().data).toBeUndefined();
    release('ws-2 rows');
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toBe('ws-2 rows'));
    expect(seen).not.toContain('ws-1 rows');
    unsubscribe();
  });

  test("reads the new workspace's plan", async () => {
    setWorkspaceId('ws-2');
    await vi.waitFor(() => expect(useSessionStore.getState().subscription.subscription_tier).toBe('pro'));
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/user/subscription')) ?? [];
    expect(init?.headers).toMatchObject({ 'Tellbox-Workspace': 'ws-2' });
  });

  test('a logout forgets everything the account saw, its workspaces included, and fetches nothing', () => {
    setWorkspaceId(null);
    expect(queryClient.getQueryData(ownerKeys.widgets())).toBeUndefined();
    expect(queryClient.getQueryData(WORKSPACES_QUERY_KEY)).toBeUndefined();
    expect(queryClient.getQueryData(PLANS_QUERY_KEY)).toBeDefined();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
