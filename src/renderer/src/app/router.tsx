/**
 * Every route, each screen loaded on demand so `/` never loads the dashboard's code. In the desktop
 * app every route also passes through the desktop shell (first-run server screen, notification
 * clicks), which the browser never downloads.
 */
import { lazy, Suspense } from 'react';
import { createBrowserRouter, Outlet, RouterProvider, ScrollRestoration } from 'react-router-dom';
import { CookieBanner } from '../components/cookie-banner';
import { Loading } from '../lib/auth';
import { isDesktop } from '../lib/platform';

const DesktopShell = lazy(() =>
  import('../features/desktop/desktop-screens').then((module) => ({ default: module.DesktopShell })),
);

function RootLayout() {
  const page = (
    <Suspense fallback={<Loading />}>
      <Outlet />
    </Suspense>
  );
  return (
    <>
      {isDesktop() ? (
        <Suspense fallback={<Loading />}>
          <DesktopShell>{page}</DesktopShell>
        </Suspense>
      ) : (
        page
      )}
      <CookieBanner />
      <ScrollRestoration />
    </>
  );
}

const router = createBrowserRouter([
  {
    element: <RootLayout />,
    children: [
      { path: '/', lazy: () => import('./routes/landing') },
      { path: '/login', lazy: () => import('./routes/login') },
      { path: '/signup', lazy: () => import('./routes/login') },
      { path: '/email-confirmation', lazy: () => import('./routes/email-confirmation') },
      { path: '/confirm-email', lazy: () => import('./routes/confirm-email') },
      { path: '/forgot-password', lazy: () => import('./routes/forgot-password') },
      { path: '/reset-password', lazy: () => import('./routes/reset-password') },
      { path: '/privacy-policy', lazy: () => import('./routes/privacy-policy') },
      { path: '/terms-of-service', lazy: () => import('./routes/terms-of-service') },
      { path: '/contact', lazy: () => import('./routes/contact') },
      { path: '/rebrand', lazy: () => import('./routes/rebrand') },
      { path: '/unauthorized', lazy: () => import('./routes/unauthorized') },
      // The desktop app's server screen; the browser is sent to `/`.
      { path: '/setup-server', lazy: () => import('./routes/setup-server') },
      {
        // Every owner screen: behind the session, inside the sidebar layout (spec §2).
        lazy: () => import('./routes/owner-layout'),
        children: [
          { path: '/dashboard', lazy: () => import('./routes/dashboard') },
          { path: '/widgets', lazy: () => import('./routes/widgets') },
          { path: '/feedback', lazy: () => import('./routes/feedback') },
          { path: '/news', lazy: () => import('./routes/news') },
          { path: '/settings', lazy: () => import('./routes/settings') },
          { path: '/support', lazy: () => import('./routes/support') },
          { path: '/checkout', lazy: () => import('./routes/checkout') },
          { path: '/payment-success', lazy: () => import('./routes/payment-success') },
          { path: '/payment-canceled', lazy: () => import('./routes/payment-canceled') },
        ],
      },
      { path: '*', lazy: () => import('./routes/not-found') },
    ],
  },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
