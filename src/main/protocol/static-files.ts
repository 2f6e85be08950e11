/**
 * The renderer's built files (`out/renderer`) over `app://tellbox/…`, as the server serves them to
 * browsers: the file when it exists, index.html for the console's routes (SPA fallback), 404 for
 * anything else, and never a byte from outside the renderer's folder.
 */
import path from 'node:path';

/** Reads a whole file (Node's `fs.promises.readFile` fits). */
export type ReadFile = (filePath: string) => Promise<Uint8Array>;

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.wasm': 'application/wasm',
};

/**
 * The page's Content-Security-Policy, sent as a header on top of index.html's meta tag (security
 * guide E-03): a header also covers `frame-ancestors`, which a meta tag cannot set. Browsers enforce
 * both policies, so this one only adds restrictions. `'self'` is `app://tellbox`, and the API is
 * proxied under it, so `connect-src 'self'` needs no server origin.
 */
export const APP_CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  // antd writes its styles at run time.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** The Content-Type for a file name; unknown extensions are opaque bytes. */
export function contentTypeOf(filePath: string): string {
  return CONTENT_TYPES[path.extname(filePath).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * The file under `rendererDir` that a URL pathname names, or null when the path is refused: a
 * segment that decodes to `..`, `.`, a dot-file, a separator (`%2f`, `%5c`), a NUL or a drive colon;
 * an empty segment (`//etc/passwd`); or malformed percent-encoding. The result is checked to be
 * inside `rendererDir` as well, so a rule missed here still cannot reach outside it.
 */
export function resolveStaticPath(rendererDir: string, pathname: string): string | null {
  if (!pathname.startsWith('/')) return null;
  const rawSegments = pathname.slice(1).split('/');
  // A trailing slash (`/feedback/`) names the same route; an empty segment anywhere else does not.
  if (rawSegments.length > 1 && rawSegments.at(-1) === '') rawSegments.pop();
  const segments: string[] = [];
  for (const raw of rawSegments) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return null;
    }
    if (segment.startsWith('.') || /[/\\:\0]/.test(segment)) return null;
    if (segment === '' && rawSegments.length > 1) return null;
    segments.push(segment);
  }
  const root = path.resolve(rendererDir);
  const resolved = path.resolve(root, ...segments.filter(Boolean));
  const relative = path.relative(root, resolved);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  return resolved;
}

/** True for a console route (`/feedback`, `/setup-server`) rather than a file (`/assets/x.js`). */
function isRoute(pathname: string): boolean {
  const last = pathname.split('/').at(-1) ?? '';
  return !last.includes('.');
}

/** Errors that mean "no such file here" rather than "the disk is broken". */
function isMissing(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'ENOENT' || code === 'EISDIR' || code === 'ENOTDIR' || code === 'ENAMETOOLONG';
}

function textResponse(status: number, text: string): Response {
  return new Response(text, {
    status,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff' },
  });
}

export interface StaticFilesDeps {
  /** The built renderer, `out/renderer`. */
  rendererDir: string;
  readFile: ReadFile;
}

/** Answers a GET or HEAD for `pathname` from the renderer's folder. */
export function createStaticFiles(deps: StaticFilesDeps) {
  const indexPath = path.join(path.resolve(deps.rendererDir), 'index.html');

  function fileResponse(filePath: string, bytes: Uint8Array | null): Response {
    const headers = new Headers({
      'Content-Type': contentTypeOf(filePath),
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'no-cache',
    });
    if (filePath.endsWith('.html')) headers.set('Content-Security-Policy', APP_CONTENT_SECURITY_POLICY);
    return new Response(bytes, { status: 200, headers });
  }

  async function read(filePath: string): Promise<Uint8Array | null> {
    try {
      return await deps.readFile(filePath);
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  return async function serveStatic(pathname: string, method: string): Promise<Response> {
    if (method !== 'GET' && method !== 'HEAD') return textResponse(405, 'Method not allowed');
    const filePath = resolveStaticPath(deps.rendererDir, pathname);
    if (!filePath) return textResponse(404, 'Not found');
    try {
      const target = filePath === path.resolve(deps.rendererDir) ? indexPath : filePath;
      let bytes = await read(target);
      let servedPath = target;
      if (!bytes && isRoute(pathname)) {
        bytes = await read(indexPath);
        servedPath = indexPath;
        if (!bytes) return textResponse(404, 'The app is not built: run `npm run build:renderer`.');
      }
      if (!bytes) return textResponse(404, 'Not found');
      return fileResponse(servedPath, method === 'HEAD' ? null : bytes);
    } catch {
      return textResponse(500, 'The file could not be read.');
    }
  };
}
