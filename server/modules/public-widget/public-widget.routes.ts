import { Router } from 'express';
import { publicFeedbackInputSchema } from '../../../src/shared/schemas';
import { publicCors, requestingHost } from '../../lib/cors';
import { jsonBody } from '../../lib/json-body';
import { RATE_LIMIT_RULES, type RateLimiterFactory } from '../../lib/rate-limit';
import { parseBody } from '../../lib/validate';
import type { PublicWidgetService } from './public-widget.service';

/** Browsers may reuse the config this long; owners' edits reach visitors within it. */
export const CONFIG_MAX_AGE_SECONDS = 60;
/** A 5000-character message stays far below this even with every character escaped. */
export const FEEDBACK_BODY_LIMIT = '64kb';

/** `/api/public/widget/:siteKey`: what every visitor of every customer site calls. */
export function createPublicWidgetRouter(service: PublicWidgetService, limiter: RateLimiterFactory) {
  const router = Router();
  router.use(publicCors);

  router.get('/:siteKey', limiter(RATE_LIMIT_RULES.publicConfigPerIp), async (req, res) => {
    const entry = await service.config(String(req.params.siteKey), requestingHost(req));
    res.set({
      'Cache-Control': `public, max-age=${CONFIG_MAX_AGE_SECONDS}`,
      ETag: entry.etag,
      Vary: 'Origin',
    });
    // Express answers 304 by itself when If-None-Match matches the ETag set above.
    res.type('json').send(entry.body);
  });

  router.post(
    '/:siteKey/feedback',
    limiter(RATE_LIMIT_RULES.feedbackPerIp),
    limiter({ ...RATE_LIMIT_RULES.feedbackPerWidget, keyOf: (req) => String(req.params.siteKey) }),
    // text/plain too: the widget may send JSON that way to skip the CORS preflight.
    ...jsonBody(FEEDBACK_BODY_LIMIT, ['application/json', 'text/plain']),
    async (req, res) => {
      const input = parseBody(publicFeedbackInputSchema, req);
      const answer = await service.submitFeedback(String(req.params.siteKey), input, {
        host: requestingHost(req),
        userAgent: req.headers['user-agent'],
      });
      res.status(201).json(answer);
    },
  );

  return router;
}
