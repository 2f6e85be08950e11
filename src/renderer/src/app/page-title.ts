import { useEffect } from 'react';
import { useMatches } from 'react-router-dom';

/** What a route declares for the tab: its name, or none for the brand alone (the landing page). */
export interface RouteHandle {
  title?: string;
}

/** "Feedback · Tellbox": the page first, so a row of tabs tells them apart. */
export function pageTitle(title: string | undefined): string {
  return title ? `${title} · Tellbox` : 'Tellbox';
}

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && 'title' in handle;
}

/**
 * Keeps `document.title` on the deepest matched route's `handle.title`, so each route's title is
 * written once, beside its path in the router.
 */
export function useRouteTitle(): void {
  const matches = useMatches();
  const title = matches.map((match) => match.handle).findLast(isRouteHandle)?.title;
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
}
