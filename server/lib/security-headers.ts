/**
 * Security headers (docs/security-model.md A-29, W-09, W-10, W-13). The console is not frameable and runs no
 * inline script; API answers are never cached unless a route says otherwise.
 */
import type { RequestHandler } from 'express';
import helmet from 'helmet';

export const consoleHelmet: RequestHandler = helmet({
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // antd writes its CSS-in-JS into <style> elements at run time.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'none'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
      // Self-hosted installs may run on plain http inside a LAN; forcing https would break them.
      upgradeInsecureRequests: null,
    },
  },
  xFrameOptions: { action: 'deny' },
  referrerPolicy: { policy: 'no-referrer' },
  strictTransportSecurity: { maxAge: 31536000, includeSubDomains: true },
});

/** Public assets and endpoints that other sites load: the widget script and its API. */
export const crossOriginHelmet: RequestHandler = helmet({
  contentSecurityPolicy: false,
  crossOriginResourcePolicy: { policy: 'cross-origin' },
  crossOriginEmbedderPolicy: false,
  referrerPolicy: { policy: 'no-referrer' },
});

/**
 * The API reference (`/api/docs`): Swagger UI's own script and style sheet from this server, the
 * document fetched from it ("Try it out" calls the API the same way), its icons as data: URLs.
 * Nothing else: no inline script, no form, no frame, no other origin.
 */
export const docsHelmet: RequestHandler = helmet({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'none'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'"],
      imgSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      baseUri: ["'none'"],
      formAction: ["'none'"],
      frameAncestors: ["'none'"],
    },
  },
  xFrameOptions: { action: 'deny' },
  referrerPolicy: { policy: 'no-referrer' },
  strictTransportSecurity: { maxAge: 31536000, includeSubDomains: true },
});

/** Authenticated and account answers must never be stored by a cache. */
export const noStore: RequestHandler = (_req, res, next) => {
  res.set('Cache-Control', 'no-store');
  next();
};
