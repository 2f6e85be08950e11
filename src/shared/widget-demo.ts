/**
 * The widget's demo mode (widget/README.md), for a page that shows the real widget without a
 * server behind it: Tellbox's own landing page. The page sets `window.TellboxDemo` before the
 * script runs and puts `data-demo` on the script tag; the widget then takes its config from
 * `config` and hands each feedback to `send` instead of posting it. Nothing goes over the network
 * but the script itself.
 */
import type { PublicWidgetConfig } from './api';
import type { PublicFeedbackInput } from './schemas/feedback';

export interface WidgetDemo {
  /** What `GET /api/public/widget/:siteKey` would have answered. */
  config: PublicWidgetConfig;
  /** Takes what the form would have posted; resolves as the API would have answered. */
  send(input: PublicFeedbackInput): Promise<{ ok: boolean; status: number }>;
}
