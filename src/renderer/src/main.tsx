// First: before any chunk with zod in it loads.
import './lib/zod-jitless';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoutes } from 'react-router-dom';
import { AppProvider } from './app/provider';
import { AppRouter, createAppRouter, OWNER_LAYOUT_ROUTE_ID, routes } from './app/router';
import { applyConsoleSchemeEarly } from './theme/color-scheme';
import 'virtual:design-tokens.css';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('missing #root');

/**
 * Loads the lazy routes the current URL matches, as react-router asks before hydrating: the
 * router then draws the page at once, as the build did, instead of a fallback first.
 */
async function resolveLazyMatches(): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const module = await route.lazy();
      Object.assign(route, { ...module, lazy: undefined });
    }),
  );
}

function app(router: ReturnType<typeof createAppRouter>) {
  return (
    <StrictMode>
      <AppProvider>
        <AppRouter router={router} />
      </AppProvider>
    </StrictMode>
  );
}

// A prerendered public page arrives drawn: hydrate it. The single-page shell (console routes,
// the desktop app's index.html) arrives empty: draw it. No top-level await: the route chunks
// import from the chunk this module is bundled in, and would wait for it forever.
if (root.hasChildNodes()) {
  // As a transition, hydration yields to the browser every few milliseconds instead of holding
  // the main thread for the whole page (a long task on a slow phone: the page looks ready but
  // does not answer).
  void resolveLazyMatches().then(() => startTransition(() => void hydrateRoot(root, app(createAppRouter()))));
} else {
  const matches = matchRoutes(routes, window.location) ?? [];
  if (matches.some(({ route }) => route.id === OWNER_LAYOUT_ROUTE_ID)) applyConsoleSchemeEarly();
  createRoot(root).render(app(createAppRouter()));
}
