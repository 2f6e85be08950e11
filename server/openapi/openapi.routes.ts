/**
 * `GET /api/openapi.json` (the OpenAPI 3.1 document) and `GET /api/docs` (it, rendered by Swagger
 * UI from this server's own files). Public: mounted on the API router ahead of `requireAuth`.
 */
import { Router } from 'express';
import { notFound } from '../lib/errors';
import { docsHelmet } from '../lib/security-headers';
import { sendStaticFile } from '../static/send-static-file';
import type { StaticFile } from '../static/static-file';
import { openApiDocument } from './document';
import { REFERENCE_PAGE, createReferenceFiles, inMemoryFile } from './reference-files';

/** Revalidated on every use: each answer carries an ETag, so a reload costs a 304. */
const REVALIDATE = 'no-cache';

export function createOpenApiRouter() {
  const router = Router();
  // Made on the first request, not at start: most processes never serve it.
  let document: StaticFile | undefined;
  const page = inMemoryFile('.html', Buffer.from(REFERENCE_PAGE));
  const referenceFiles = createReferenceFiles();

  router.get('/openapi.json', (req, res) => {
    document ??= inMemoryFile('.json', Buffer.from(JSON.stringify(openApiDocument())));
    sendStaticFile(req, res, document, { cacheControl: REVALIDATE });
  });

  router.get('/docs', docsHelmet, (req, res) => {
    sendStaticFile(req, res, page, { cacheControl: REVALIDATE });
  });

  router.get('/docs/:file', docsHelmet, (req, res) => {
    const file = referenceFiles().get(String(req.params.file));
    if (!file) throw notFound();
    sendStaticFile(req, res, file, { cacheControl: REVALIDATE });
  });

  return router;
}
