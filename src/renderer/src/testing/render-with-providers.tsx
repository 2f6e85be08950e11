import { render, type RenderResult } from '@testing-library/react';
import { App as AntApp, ConfigProvider } from 'antd';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';

export interface RenderOptions {
  /** Where the app starts. */
  path?: string;
}

/**
 * Renders `ui` at `path` inside the app's providers, with every other path rendering its own
 * pathname and query, so tests can see where a click navigated.
 */
export function renderWithProviders(ui: ReactElement, { path = '/' }: RenderOptions = {}): RenderResult {
  const router = createMemoryRouter(
    [
      { path, element: ui },
      { path: '*', element: <LocationProbe /> },
    ],
    { initialEntries: [path] },
  );
  return render(
    <ConfigProvider>
      <AntApp>
        <RouterProvider router={router} />
      </AntApp>
    </ConfigProvider>,
  );
}

function LocationProbe() {
  const location = useLocation();
  return <output aria-label="location">{`${location.pathname}${location.search}`}</output>;
}
