import { paths } from '../../../config/paths';

/**
 * The URL of one open entry, the list's filters kept in the query (`/feedback/abc?status=all&q=x`),
 * so a link to it opens the same entry beside the same list.
 */
export function entryHref(id: string, search: string): string {
  return `${paths.feedback}/${encodeURIComponent(id)}${search}`;
}
