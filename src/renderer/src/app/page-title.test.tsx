// @vitest-environment jsdom
import '../testing/setup';
import { act, render } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router-dom';
import { describe, expect, test } from 'vitest';
import { pageTitle, useRouteTitle } from './page-title';

function Root() {
  useRouteTitle();
  return <Outlet />;
}

describe('useRouteTitle', () => {
  test("the tab shows the deepest route's title before the brand, and the brand alone where none is set", async () => {
    const router = createMemoryRouter(
      [
        {
          element: <Root />,
          children: [
            { path: '/', element: <p>home</p> },
            {
              handle: { title: 'Ignored layout title' },
              element: <Outlet />,
              children: [{ path: '/feedback', handle: { title: 'Feedback' }, element: <p>inbox</p> }],
            },
          ],
        },
      ],
      { initialEntries: ['/feedback'] },
    );
    render(<RouterProvider router={router} />);
    expect(document.title).toBe('Feedback · Tellbox');
    await act(() => router.navigate('/'));
    expect(document.title).toBe('Tellbox');
  });

  test('pageTitle', () => {
    expect(pageTitle('Account Settings')).toBe('Account Settings · Tellbox');
    expect(pageTitle(undefined)).toBe('Tellbox');
  });
});
