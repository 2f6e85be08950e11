/** A page URL cut into what an owner scans for: "/checkout?step=2" and "shop.example.com". */
export interface PageUrlParts {
  /** The path with its query, percent-escapes decoded where they decode; "/" for the home page. */
  path: string;
  /** The host, with its port when it has one and without a leading "www.", which tells nothing apart. */
  host: string;
}

function decoded(text: string): string {
  try {
    return decodeURI(text);
  } catch {
    // A stray "%" in a visitor's URL: the escaped form is still readable.
    return text;
  }
}

/** The parts of an http(s) URL; null for anything else (a `javascript:` URL, a bare word), which is shown as it came. */
export function pageUrlParts(url: string): PageUrlParts | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  return { path: decoded(parsed.pathname + parsed.search), host: parsed.host.replace(/^www\./, '') };
}
