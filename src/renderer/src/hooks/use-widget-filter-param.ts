import { useCallback, useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';

/** The query parameter of the filter and its "no filter" value (docs/product.md §2). */
export const WIDGET_PARAM = 'widget';
export const ALL_WIDGETS = 'all';

/**
 * The widget filter of /feedback and /news, held in `?widget=` so a link preselects it and the URL
 * follows every change (docs/product.md §2): `all` or no parameter means no filter (null). Once the owner's
 * widgets are known (`knownIds`), a stale id (a deleted widget) is dropped from the URL instead
 * of asking the server for a widget it no longer has.
 */
export function useWidgetFilterParam(
  knownIds?: readonly string[],
): [widgetId: string | null, setWidgetId: (widgetId: string | null) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get(WIDGET_PARAM);
  const requested = raw && raw !== ALL_WIDGETS ? raw : null;
  const stale = requested !== null && knownIds !== undefined && !knownIds.includes(requested);

  const update = useCallback(
    (widgetId: string | null, replace: boolean) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (widgetId) next.set(WIDGET_PARAM, widgetId);
          else next.delete(WIDGET_PARAM);
          return next;
        },
        { replace },
      );
    },
    [setParams],
  );

  useEffect(() => {
    if (stale) update(null, true);
  }, [stale, update]);

  // A user's choice is a history entry, so Back returns to the previous filter.
  const setWidgetId = useCallback((widgetId: string | null) => update(widgetId, false), [update]);
  return [stale ? null : requested, setWidgetId];
}
