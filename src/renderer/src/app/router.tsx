/**
 * Every route, each screen loaded on demand so `/` never loads the dashboard's code.
 */
import { Suspense } from 'react';
import { createBrowserRouter, Outlet, RouterProvider, ScrollRestoration } from 'react-router-dom';
import { CookieBanner } from '../components/cookie-banner';
import { Loading } from '../lib/auth';

function RootLayout() {
  return (
    <>
      <Suspense fallback={<Loading />}>
        <Outlet />
      </Suspense>
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
      { path: '/dashboard', lazy: () => import('./routes/dashboard') },
      { path: '*', lazy: () => import('./routes/not-found') },
    ],
  },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
