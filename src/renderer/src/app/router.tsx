/**
 * Every route, each screen loaded on demand so `/` never loads the dashboard's code. This table is
 * also what the build prerenders from (`prerender: true` in a handle) and what the server learns
 * the console's paths from (src/renderer/prerender). The public pages are plain React and CSS;
 * every other screen sits under the antd layout, which brings antd with it. In the desktop app
 * every route also passes through the desktop shell (first-run server screen, notification
 * clicks), which the browser never downloads.
 */
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { createBrowserRouter, Outlet, RouterProvider, ScrollRestoration, type RouteObject } from 'react-router-dom';
import { CookieBanner } from '../components/cookie-banner';
import { Loading } from '../lib/auth';
import { isDesktop } from '../lib/platform';
import { type RouteHandle, useRouteTitle } from './page-title';
import type { SettingsScreen } from './routes/settings';

const DesktopFrame = lazy(() =>
  import('../features/desktop/desktop-screens').then((module) => ({ default: module.DesktopFrame })),
);

const noChanges = () => () => {};

/** The desktop app never hydrates prerendered HTML, but the browser must draw its first render as the server did. */
function useIsDesktop(): boolean {
  return useSyncExternalStore(noChanges, isDesktop, () => false);
}

function RootLayout() {
  useRouteTitle();
  const desktop = useIsDesktop();
  const page = (
    <Suspense fallback={<Loading />}>
      <Outlet />
    </Suspense>
  );
  return (
    <>
      {desktop ? (
        <Suspense fallback={<Loading />}>
          <DesktopFrame>{page}</DesktopFrame>
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

/** A Settings screen, through the one import of them all (routes/settings.tsx says why). */
const settings = (screen: SettingsScreen) => async () => ({
  Component: (await import('./routes/settings')).settingsScreens[screen],
});
/** A public page prerendered at build time, with its title (none: the brand alone) and its description. */
const publicPage = (name: string | undefined, description: string): RouteHandle => ({
  ...(name !== undefined && { title: name }),
  description,
  prerender: true,
});

/** The id of the route that frames every owner screen (main.tsx applies the console's theme early for it). */
export const OWNER_LAYOUT_ROUTE_ID = 'owner-layout';

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    // Drawn while the first screen's lazy route loads (a console page arrives as an empty shell);
    // without one react-router warns on every load and draws nothing.
    hydrateFallbackElement: <Loading />,
    children: [
      {
        path: '/',
        handle: publicPage(
          undefined,
          'Anonymous visitor feedback and news posts for any website, through one line of script. 5-minute setup, a free plan forever.',
        ),
        lazy: () => import('./routes/landing'),
      },
      {
        path: '/login',
        handle: publicPage('Log in', 'Log in to your Tellbox dashboard to read your visitors’ feedback and post news.'),
        lazy: () => import('./routes/login'),
      },
      {
        path: '/signup',
        handle: publicPage('Sign up', 'Create your free Tellbox account and hear from your visitors within 24 hours.'),
        lazy: () => import('./routes/login'),
      },
      {
        // Where a single sign-on ends: its one-time code is in the fragment, so never prerendered.
        path: '/sso/complete',
        handle: title('Signing in'),
        lazy: () => import('./routes/sso-complete'),
      },
      {
        // An invitation's link: its token is in the query, so never prerendered.
        path: '/invite',
        handle: title('Invitation'),
        lazy: () => import('./routes/invite'),
      },
      {
        path: '/forgot-password',
        handle: publicPage('Forgot password', 'Get a link to set a new password for your Tellbox account.'),
        lazy: () => import('./routes/forgot-password'),
      },
      {
        path: '/privacy-policy',
        handle: publicPage('Privacy Policy', 'What data Tellbox collects from site owners and visitors, and why.'),
        lazy: () => import('./routes/privacy-policy'),
      },
      {
        path: '/terms-of-service',
        handle: publicPage(
          'Terms of Service',
          'The terms for using Tellbox: accounts, plans, billing and acceptable use.',
        ),
        lazy: () => import('./routes/terms-of-service'),
      },
      {
        path: '/contact',
        handle: publicPage(
          'Contact',
          'Questions, problems or ideas? Write to the Tellbox team; we reply within 24 hours.',
        ),
        lazy: () => import('./routes/contact'),
      },
      {
        path: '/rebrand',
        handle: publicPage(
          'Early access',
          'Tellbox is getting a new look: join the early access list for on-site engagement without code.',
        ),
        lazy: () => import('./routes/rebrand'),
      },
      {
        // Every other screen is drawn with antd, which this layout loads.
        lazy: () => import('./routes/antd-layout'),
        children: [
          {
            path: '/email-confirmation',
            handle: title('Check your email'),
            lazy: () => import('./routes/email-confirmation'),
          },
          {
            path: '/confirm-email',
            handle: title('Confirm your email'),
            lazy: () => import('./routes/confirm-email'),
          },
          {
            path: '/reset-password',
            handle: title('Reset password'),
            lazy: () => import('./routes/reset-password'),
          },
          { path: '/unauthorized', handle: title('Access denied'), lazy: () => import('./routes/unauthorized') },
          // The desktop app's server screen; the browser is sent to `/`.
          {
            path: '/setup-server',
            handle: title('Connect to your server'),
            lazy: () => import('./routes/setup-server'),
          },
          {
            // Every owner screen: behind the session, inside the sidebar layout (docs/product.md §2).
            id: OWNER_LAYOUT_ROUTE_ID,
            lazy: () => import('./routes/owner-layout'),
            children: [
              { path: '/dashboard', handle: title('Dashboard'), lazy: () => import('./routes/dashboard') },
              { path: '/widgets', handle: title('My Widgets'), lazy: () => import('./routes/widgets') },
              // One route with the open entry optional: walking from entry to entry keeps the list mounted.
              { path: '/feedback/:feedbackId?', handle: title('Feedback'), lazy: () => import('./routes/feedback') },
              { path: '/news', handle: title('News Posts'), lazy: () => import('./routes/news') },
              { path: '/webhooks', handle: title('Webhooks'), lazy: () => import('./routes/webhooks') },
              { path: '/activity', handle: title('Activity'), lazy: () => import('./routes/activity') },
              {
                // Settings, one section per address beside the section nav; `/settings` itself
                // (old links, e-mails, bookmarks) goes on to Profile or the section its fragment names.
                path: '/settings',
                lazy: settings('layout'),
                children: [
                  { index: true, handle: title('Settings'), lazy: settings('redirect') },
                  { path: '/settings/profile', handle: title('Profile · Settings'), lazy: settings('profile') },
                  { path: '/settings/security', handle: title('Security · Settings'), lazy: settings('security') },
                  { path: '/settings/team', handle: title('Team · Settings'), lazy: settings('team') },
                  { path: '/settings/billing', handle: title('Plan & billing · Settings'), lazy: settings('billing') },
                  { path: '/settings/alerts', handle: title('Alerts · Settings'), lazy: settings('alerts') },
                ],
              },
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
        ],
      },
      {
        path: '*',
        handle: publicPage('Page not found', 'This page does not exist. Tellbox: anonymous feedback for any website.'),
        lazy: () => import('./routes/not-found'),
      },
    ],
  },
];

/** The browser's router over `routes`; the lazy routes of a hydrated page must be resolved first (main.tsx). */
export function createAppRouter() {
  return createBrowserRouter(routes);
}

export function AppRouter({ router }: { router: ReturnType<typeof createAppRouter> }) {
  return <RouterProvider router={router} />;
}
