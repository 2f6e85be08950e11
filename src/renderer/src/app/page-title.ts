import { useEffect } from 'react';
import { useMatches } from 'react-router-dom';

/** What a route declares about its page, beside its path in the router (the one place it is written). */
export interface RouteHandle {
  /** The tab's name; none for the brand alone (the landing page). */
  title?: string;
  /** The page's meta description (what a search result shows); the product's own sentence when absent. */
  description?: string;
  /** Rendered to HTML at build time (public pages only: they need no session and no antd). */
  prerender?: boolean;
}

/** The product in one sentence: the description of every page that has none of its own. */
export const SITE_DESCRIPTION =
  'Anonymous visitor feedback and news posts for any website, through one line of script.';

/** "Feedback · Tellbox": the page first, so a row of tabs tells them apart. */
export function pageTitle(title: string | undefined): string {
  return title ? `${title} · Tellbox` : 'Tellbox';
}

export function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null;
}

/** The deepest route's declaration of each field: a layout's never hides its page's. */
export function pageMeta(handles: unknown[]): { title: string; description: string } {
  const declared = handles.filter(isRouteHandle);
  const title = declared.findLast((handle) => handle.title !== undefined)?.title;
  const description = declared.findLast((handle) => handle.description !== undefined)?.description;
  return { title: pageTitle(title), description: description ?? SITE_DESCRIPTION };
}

/**
 * Keeps `document.title` and the meta description on the deepest matched route's handle, so each
 * route's title is written once, beside its path in the router. (Prerendered pages arrive with
 * both already in their HTML, from the same handles.)
 */
export function useRouteTitle(): void {
  const matches = useMatches();
  const { title, description } = pageMeta(matches.map((match) => match.handle));
  useEffect(() => {
    document.title = title;
    document.querySelector('meta[name="description"]')?.setAttribute('content', description);
  }, [title, description]);
}
