/** How many characters of a site key the table shows before the ellipsis (docs/product.md §2). */
export const SITE_KEY_VISIBLE_CHARS = 8;

/** A site key as the widgets table shows it: the first 8 characters, then "…". */
export function shortenSiteKey(key: string): string {
  return key.length > SITE_KEY_VISIBLE_CHARS ? `${key.slice(0, SITE_KEY_VISIBLE_CHARS)}…` : key;
}
