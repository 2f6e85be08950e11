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
import { type RouteHandle, useRouteTitle } from './page-title';

const DesktopShell = lazy(() =>
  import('../features/desktop/desktop-screens').then((module) => ({ default: module.DesktopShell })),
);

function RootLayout() {
  useRouteTitle();
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

/** A route's tab title, written once here beside its path. */
const title = (name: string): RouteHandle => ({ title: name });

const router = createBrowserRouter([
  {
    element: <RootLayout />,
    children: [
      { path: '/', lazy: () => import('./routes/landing') },
      { path: '/login', handle: title('Log in'), lazy: () => import('./routes/login') },
      { path: '/signup', handle: title('Sign up'), lazy: () => import('./routes/login') },
      {
        path: '/email-confirmation',
        handle: title('Check your email'),
        lazy: () => import('./routes/email-confirmation'),
      },
      { path: '/confirm-email', handle: title('Confirm your email'), lazy: () => import('./routes/confirm-email') },
      { path: '/forgot-password', handle: title('Forgot password'), lazy: () => import('./routes/forgot-password') },
      { path: '/reset-password', handle: title('Reset password'), lazy: () => import('./routes/reset-password') },
      { path: '/privacy-policy', handle: title('Privacy Policy'), lazy: () => import('./routes/privacy-policy') },
      { path: '/terms-of-service', handle: title('Terms of Service'), lazy: () => import('./routes/terms-of-service') },
      { path: '/contact', handle: title('Contact'), lazy: () => import('./routes/contact') },
      { path: '/rebrand', handle: title('Early access'), lazy: () => import('./routes/rebrand') },
      { path: '/unauthorized', handle: title('Access denied'), lazy: () => import('./routes/unauthorized') },
      // The desktop app's server screen; the browser is sent to `/`.
      { path: '/setup-server', handle: title('Connect to your server'), lazy: () => import('./routes/setup-server') },
      {
        // Every owner screen: behind the session, inside the sidebar layout (spec §2).
        lazy: () => import('./routes/owner-layout'),
        children: [
          { path: '/dashboard', handle: title('Dashboard'), lazy: () => import('./routes/dashboard') },
          { path: '/widgets', handle: title('My Widgets'), lazy: () => import('./routes/widgets') },
          { path: '/feedback', handle: title('Feedback'), lazy: () => import('./routes/feedback') },
          { path: '/news', handle: title('News Posts'), lazy: () => import('./routes/news') },
          { path: '/settings', handle: title('Account Settings'), lazy: () => import('./routes/settings') },
          { path: '/support', handle: title('Support'), lazy: () => import('./routes/support') },
          { path: '/checkout', handle: title('Checkout'), lazy: () => import('./routes/checkout') },
          { path: '/payment-success', handle: title('Payment'), lazy: () => import('./routes/payment-success') },
          {
            path: '/payment-canceled',
            handle: title('Payment canceled'),
            lazy: () => import('./routes/payment-canceled'),
          },
        ],
      },
      { path: '*', handle: title('Page not found'), lazy: () => import('./routes/not-found') },
    ],
  },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
