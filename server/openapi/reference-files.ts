/**
 * The files `/api/docs` is made of, held in memory with a gzip copy each, made once on first use
 * (the Swagger UI bundle is 1.7 MB: compressing it per request would cost every visit).
 * Swagger UI's files are read from the installed `swagger-ui-dist` package at run time: the
 * bundled server keeps npm packages external, and a self-hosted install may be offline (no CDN).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Representation, StaticFile } from '../static/static-file';
import { INIT_SCRIPT, INIT_SCRIPT_NAME } from './reference-init-script';
import { THEME_CSS, THEME_CSS_NAME } from './reference-theme';

/** The package files the page loads, by the name it loads them under. */
export const SWAGGER_UI_FILES = ['swagger-ui.css', 'swagger-ui-bundle.js', 'favicon-32x32.png'] as const;

export const REFERENCE_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>Tellbox API reference</title>
<meta name="color-scheme" content="light dark">
<link rel="stylesheet" href="/api/docs/swagger-ui.css">
<link rel="stylesheet" href="/api/docs/${THEME_CSS_NAME}">
<link rel="icon" type="image/png" href="/api/docs/favicon-32x32.png">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/${INIT_SCRIPT_NAME}"></script>
</body>
</html>
`;

function representation(coding: Representation['coding'], body: Buffer): Representation {
  return { coding, body, etag: `"${crypto.hash('sha1', body, 'base64url')}"` };
}

/** A file served from memory; text gets a gzip copy (images compress themselves). */
export function inMemoryFile(extension: string, body: Buffer): StaticFile {
  const text = extension !== '.png';
  const gzipped = text ? zlib.gzipSync(body, { level: zlib.constants.Z_BEST_COMPRESSION }) : undefined;
  const variants = gzipped && gzipped.length < body.length ? [representation('gzip', gzipped)] : [];
  return { extension, identity: representation('identity', body), variants };
}

function swaggerUiDirectory(): string {
  const require = createRequire(import.meta.url);
  return path.dirname(require.resolve('swagger-ui-dist/package.json'));
}

/** The reference's files by name, read and compressed on the first call. */
export function createReferenceFiles(): () => Map<string, StaticFile> {
  let files: Map<string, StaticFile> | undefined;
  return () => {
    if (files) return files;
    const directory = swaggerUiDirectory();
    files = new Map(
      SWAGGER_UI_FILES.map((name) => [
        name,
        inMemoryFile(path.extname(name), fs.readFileSync(path.join(directory, name))),
      ]),
    );
    files.set(INIT_SCRIPT_NAME, inMemoryFile('.js', Buffer.from(INIT_SCRIPT)));
    files.set(THEME_CSS_NAME, inMemoryFile('.css', Buffer.from(THEME_CSS)));
    return files;
  };
}
