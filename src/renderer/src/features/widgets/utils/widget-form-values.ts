import type { Widget } from '../../../../../shared/api';
import { WIDGET_FORM_DEFAULTS, type WidgetInput } from '../../../../../shared/schemas';

/** The widget form's values for a new widget (the product defaults; new widgets start active and unlocked). */
export function newWidgetFormValues(): WidgetInput {
  return { ...WIDGET_FORM_DEFAULTS, active: true, lockHosts: false };
}

/**
 * The server's widget (branding.position, branding.color, enabledTabs) as the form's fields
 * (position, primaryColor, enableFeedback, enableNews): the one place the two shapes meet in
 * the console (docs/product.md §3 leaves the mapping open). The reverse is the server's (`enabledTabsOf`).
 */
export function toWidgetFormValues(widget: Widget): WidgetInput {
  return {
    name: widget.name,
    position: widget.branding.position,
    primaryColor: widget.branding.color,
    enableFeedback: widget.enabledTabs.includes('feedback'),
    enableNews: widget.enabledTabs.includes('news'),
    active: widget.active,
    lockHosts: widget.lockHosts,
  };
}
