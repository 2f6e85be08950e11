/**
 * The public widget API (docs/product.md, "The widget and its public API"). Calls resolve with `{
 * ok, status, body }` and never reject. No cookies go out (`credentials: 'omit'`), and the
 * feedback POST sends its JSON as text/plain, a "simple" CORS request that needs no preflight.
 */
import type { ApiErrorBody, MessageResponse, PublicWidgetConfig } from '../../src/shared/api';

export interface ApiResult<T> {
  ok: boolean;
  /** 0 when the request never got an answer. */
  status: number;
  body?: Partial<T> & Partial<ApiErrorBody>;
}

export interface FeedbackInput {
  message: string;
  authorName?: string;
  authorEmail?: string;
  pageUrl: string;
  website?: string;
}

async function call<T>(url: string, init?: RequestInit): Promise<ApiResult<T>> {
  try {
    const response = await fetch(url, { credentials: 'omit', ...init });
    let body;
    try {
      body = await response.json();
    } catch {
      // not JSON: the status says enough
    }
    return { ok: response.ok, status: response.status, body };
  } catch {
    return { ok: false, status: 0 };
  }
}

const widgetUrl = (base: string, siteKey: string) => `${base}/api/public/widget/${encodeURIComponent(siteKey)}`;

/**
 * `GET /api/public/widget/:siteKey?lang=`: the widget's settings, its words in the language of
 * the tag `lang` (the server picks the nearest of its languages), and its published posts.
 */
export function getConfig(base: string, siteKey: string, lang: string) {
  return call<PublicWidgetConfig>(widgetUrl(base, siteKey) + (lang ? `?lang=${encodeURIComponent(lang)}` : ''));
}

/** `POST /api/public/widget/:siteKey/feedback`. A string body is sent as text/plain. */
export function postFeedback(base: string, siteKey: string, input: FeedbackInput) {
  return call<MessageResponse>(`${widgetUrl(base, siteKey)}/feedback`, {
    method: 'POST',
    body: JSON.stringify(input),
  });
}
