// @vitest-environment jsdom
import '../../testing/setup';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { WorkspaceSummary } from '../../../../shared/api';
import { AntdFrame } from '../../lib/antd-frame';
import { createBrowserStorage, setStorage } from '../../lib/storage';
import { chooseWorkspace } from '../../lib/workspace/chosen-workspace';
import { FREE_SUBSCRIPTION, useSessionStore } from '../../stores/session-store';
import { useWorkspaceStore } from '../../stores/workspace-store';
import { WorkspaceGate } from './workspace-gate';

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

function answerWorkspaces(workspaces: WorkspaceSummary[]) {
  fetchMock.mockImplementation(async (url) =>
    String(url).endsWith('/workspaces') ? json({ workspaces }) : json({ message: 'not here' }, 404),
  );
}

function renderGate() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <AntdFrame>
        <MemoryRouter>
          <WorkspaceGate>
            <p>Owner screen</p>
          </WorkspaceGate>
        </MemoryRouter>
      </AntdFrame>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  setStorage(createBrowserStorage(window.localStorage, window.sessionStorage));
  window.localStorage.clear();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  useSessionStore.setState({
    user: { id: 'ada', name: 'Ada', email: 'ada@x.com' },
    token: 'Bearer t',
    subscription: FREE_SUBSCRIPTION,
    restoring: false,
  });
  useWorkspaceStore.setState({ workspaceId: null });
});
afterEach(() => vi.unstubAllGlobals());

const acme: WorkspaceSummary = { _id: 'ws-acme', name: 'Acme', role: 'owner' };
const globex: WorkspaceSummary = { _id: 'ws-globex', name: 'Globex', role: 'viewer' };

describe('WorkspaceGate', () => {
  test('the chosen workspace, still the account’s, opens the owner screens as it is', async () => {
    chooseWorkspace('ada', 'ws-globex');
    answerWorkspaces([acme, globex]);
    renderGate();
    expect(await screen.findByText('Owner screen')).toBeInTheDocument();
    expect(useWorkspaceStore.getState().workspaceId).toBe('ws-globex');
  });

  test('a first visit takes the first workspace, and remembers it', async () => {
    answerWorkspaces([acme, globex]);
    renderGate();
    expect(await screen.findByText('Owner screen')).toBeInTheDocument();
    expect(useWorkspaceStore.getState().workspaceId).toBe('ws-acme');
    expect(JSON.parse(window.localStorage.getItem('workspace') ?? 'null')).toEqual({
      accountId: 'ada',
      workspaceId: 'ws-acme',
    });
  });

  test('a chosen workspace the account was removed from falls back to the first, and says so', async () => {
    chooseWorkspace('ada', 'ws-removed');
    answerWorkspaces([acme, globex]);
    renderGate();
    expect(await screen.findByText('Owner screen')).toBeInTheDocument();
    expect(useWorkspaceStore.getState().workspaceId).toBe('ws-acme');
    expect(await screen.findByText('Switched to Acme')).toBeInTheDocument();
    expect(
      screen.getByText('You are no longer a member of the workspace you had open, so Tellbox opened this one.'),
    ).toBeInTheDocument();
  });

  test('nothing of the owner screens before the workspace is settled; none at all offers to create one', async () => {
    answerWorkspaces([]);
    renderGate();
    expect(screen.queryByText('Owner screen')).not.toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Create a workspace' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Workspace name' })).toBeInTheDocument();
    expect(screen.queryByText('Owner screen')).not.toBeInTheDocument();
  });
});
