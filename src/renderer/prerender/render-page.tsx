import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type RouteObject } from 'react-router-dom';
import { AppProvider } from '../src/app/provider';

/** Where the not-found page is drawn: any path no route but `*` matches. */
export const NOT_FOUND_URL = '/404';

/**
 * The HTML of `#root` for one path, as the browser's first render will draw it: the same providers
 * around the same routes, the lazy ones resolved by the static handler. `hydrate={false}`: the
 * client needs no router state (no loaders), and react-router's inline state script would break
 * the CSP.
 */
export async function renderPage(routes: RouteObject[], path: string): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, 'http://localhost')));
  if (context instanceof Response) throw new Error(`${path} redirects (${context.status})`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <AppProvider>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProvider>
    </StrictMode>,
    { onError: (error) => console.error(error) },
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}
