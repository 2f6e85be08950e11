import type { Widget } from '../../../../../shared/api';

/**
 * "All widgets", or the chosen widgets' names ("Shop, Blog"); a widget deleted since it was
 * chosen is left out, and "No widgets" says the endpoint gets no widget's events.
 */
export function widgetsText(widgetIds: string[] | null, widgets: Widget[] | undefined): string {
  if (widgetIds === null) return 'All widgets';
  const names = widgetIds.flatMap((id) => widgets?.find((widget) => widget._id === id)?.name ?? []);
  if (names.length > 0) return names.join(', ');
  const count = widgetIds.length;
  if (widgets === undefined && count > 0) return count === 1 ? '1 widget' : `${count} widgets`;
  return 'No widgets';
}
