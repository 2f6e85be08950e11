/**
 * `/changelog/:siteKey` (the page), `/changelog/:siteKey/feed.xml` (Atom) and
 * `/changelog/:siteKey/:postId` (a permalink): public, cached a minute by browsers, proxies and
 * feed readers, revalidated by ETag, rate limited per address, and never any script.
 */
import { createHash } from 'node:crypto';
import compression from 'compression';
import { Router, type Request, type RequestHandler, type Response } from 'express';
import helmet from 'helmet';
import { COMPRESS_ABOVE_BYTES, holdsEtag } from '../../lib/content-negotiation';
import type { ChangelogService } from './changelog.service';
import type { RenderedPage } from './changelog-document';
import { chooseLanguage, type LanguageChoice } from './changelog-urls';

export const CHANGELOG_PATHS = {
  page: '/changelog/:siteKey',
  feed: '/changelog/:siteKey/feed.xml',
  post: '/changelog/:siteKey/:postId',
} as const;

/** Feed readers poll; an owner's new post reaches them and the page within a minute. */
const CACHE_CONTROL = 'public, max-age=60';
const HTML = 'text/html; charset=utf-8';
const ATOM = 'application/atom+xml; charset=utf-8';
/** The feed is data: nothing in it may load or run, were a browser to render it. */
const FEED_CSP = "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/**
 * The other security headers (the CSP is per page: it names the page's style by its hash). Links
 * to the owner's own site tell it the visit came from Tellbox (the origin only, never the path).
 */
const changelogHelmet = helmet({
  contentSecurityPolicy: false,
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  xFrameOptions: { action: 'deny' },
  strictTransportSecurity: { maxAge: 31536000, includeSubDomains: true },
});

const changelogCompression = compression({ threshold: COMPRESS_ABOVE_BYTES });

interface Answer {
  status: 200 | 404;
  type: string;
  body: string;
  csp: string;
}

/** Sends `answer`, or a 304 when the client holds it already (by its ETag). */
function send(req: Request, res: Response, answer: Answer) {
  res.set({ 'Cache-Control': CACHE_CONTROL, 'Content-Security-Policy': answer.csp });
  res.vary('Accept-Language');
  if (answer.status === 200) {
    // Weak: the compressed and the plain body are the same answer.
    const etag = `W/"${createHash('sha1').update(answer.body).digest('base64url')}"`;
    res.set('ETag', etag);
    if (holdsEtag(req.get('If-None-Match'), etag)) {
      res.status(304).end();
      return;
    }
  }
  res.status(answer.status).set('Content-Type', answer.type).send(answer.body);
}

export function createChangelogRouter(service: ChangelogService, limit: RequestHandler): Router {
  const router = Router();
  router.use('/changelog', changelogHelmet, limit, changelogCompression);

  /** A page, or the 404 page in the visitor's language when there is none to show. */
  const sendPage = (req: Request, res: Response, choice: LanguageChoice, rendered: RenderedPage | undefined) => {
    const shown = rendered ?? service.notFound(choice);
    send(req, res, { status: rendered ? 200 : 404, type: HTML, body: shown.html, csp: shown.csp });
  };
  const languageOf = (req: Request) => chooseLanguage(req.query, req.get('Accept-Language'));

  router.get(CHANGELOG_PATHS.page, async (req, res) => {
    const choice = languageOf(req);
    sendPage(req, res, choice, await service.page(String(req.params.siteKey), choice));
  });

  router.get(CHANGELOG_PATHS.feed, async (req, res) => {
    const choice = languageOf(req);
    const feed = await service.feed(String(req.params.siteKey), choice);
    if (feed === undefined) sendPage(req, res, choice, undefined);
    else send(req, res, { status: 200, type: ATOM, body: feed, csp: FEED_CSP });
  });

  router.get(CHANGELOG_PATHS.post, async (req, res) => {
    const choice = languageOf(req);
    sendPage(req, res, choice, await service.post(String(req.params.siteKey), String(req.params.postId), choice));
  });
  return router;
}
