/**
 * Link rules shared by the console, the server and the widget. Kept free of zod (like
 * `limits.ts`) so the dependency-free widget can import it without pulling a validator in.
 */

/** Whether a news link may be rendered as a link (docs/product.md, "Every screen"): only http: and https:. */
export function isSafeLink(link: string | null | undefined): link is string {
  if (!link) return false;
  try {
    const { protocol } = new URL(link);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}
