import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import type { WorkspaceSummary } from '../../../shared/api';
import { DEFAULT_PLANS } from '../../../shared/plans';
import type { Role } from '../../../shared/roles';
import { AntdFrame } from '../lib/antd-frame';
import { PLANS_QUERY_KEY } from '../lib/use-plans';
import { WORKSPACES_QUERY_KEY } from '../lib/workspace/get-workspaces';
import { setWorkspaceId } from '../stores/workspace-store';

export interface RenderOptions {
  /** Where the app starts, query included (`/feedback?widget=w1`). */
  path?: string;
  /** Also show the location beside `ui`, for screens that write into their own URL. */
  withLocation?: boolean;
  /** The role in the workspace on screen (`TEST_WORKSPACE`); an owner, who may do everything, unless said. */
  role?: Role;
  /** The route `ui` answers, when it has parameters (`/feedback/:feedbackId?`); `path`'s own otherwise. */
  route?: string;
}

/** The workspace every render is in, already settled as the owner layout's gate settles it. */
export const TEST_WORKSPACE: WorkspaceSummary = { _id: 'ws-test', name: 'Acme', role: 'owner' };

export interface RenderWithProvidersResult extends RenderResult {
  /** The fresh react-query client of this render (no retries, so failures show at once). */
  queryClient: QueryClient;
}

/**
 * Renders `ui` at `path` inside the app's providers (react-query with the default plan table
 * and the workspace already loaded, antd, a memory router). Every other path renders a `location` output with its
 * path and query, so tests can see where a click navigated (`withLocation` shows it beside `ui`
 * too).
 */
export function renderWithProviders(
  ui: ReactElement,
  { path = '/', withLocation = false, role = 'owner', route }: RenderOptions = {},
): RenderWithProvidersResult {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  // The server's plan table, as a server without a PLANS_FILE answers it: components read it
  // without a request of their own.
  queryClient.setQueryData(PLANS_QUERY_KEY, DEFAULT_PLANS);
  // The workspace and the role in it, as the owner layout settles them before any screen shows.
  queryClient.setQueryData<WorkspaceSummary[]>(WORKSPACES_QUERY_KEY, [{ ...TEST_WORKSPACE, role }]);
  setWorkspaceId(TEST_WORKSPACE._id);
  const router = createMemoryRouter(
    [
      {
        path: route ?? new URL(path, 'http://localhost').pathname,
        element: (
          <>
            {ui}
            {withLocation && <LocationProbe />}
          </>
        ),
      },
      { path: '*', element: <LocationProbe /> },
    ],
    { initialEntries: [path] },
  );
  const result = render(
    <QueryClientProvider client={queryClient}>
      <AntdFrame>
        {/* A clicked button's wave is a React root of its own that unmounts itself 5 s later (its
            motion's deadline: jsdom ends no animation), after a short file's document is gone
            ("window is not defined", an error of the whole run). It is drawing only. */}
        <ConfigProvider wave={{ disabled: true }}>
          <RouterProvider router={router} />
        </ConfigProvider>
      </AntdFrame>
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}

function LocationProbe() {
  const location = useLocation();
  return <output aria-label="location">{`${location.pathname}${location.search}`}</output>;
}
