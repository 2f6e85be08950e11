import { Router, type RequestHandler } from 'express';
import { earlyAccessInputSchema } from '../../../src/shared/schemas';
import type { Clock } from '../../lib/time';
import { parseBody } from '../../lib/validate';
import type { EarlyAccessRepo } from './early-access.repo';

/** The toast the early-access screen shows on success (docs/product.md §8). */
export const EARLY_ACCESS_REGISTERED = 'Email registered! We will contact you as soon as the new site is online.';

/**
 * `POST /api/public/rebrand-submit`. Signing up twice answers the same as once, so the list's
 * members are not revealed.
 */
export function createEarlyAccessRouter(deps: { earlyAccess: EarlyAccessRepo; clock: Clock; limit: RequestHandler }) {
  const { earlyAccess, clock, limit } = deps;
  const router = Router();
  router.post('/public/rebrand-submit', limit, async (req, res) => {
    const { email } = parseBody(earlyAccessInputSchema, req);
    await earlyAccess.add(email, clock.now().toISOString());
    res.status(201).json({ message: EARLY_ACCESS_REGISTERED });
  });
  return router;
}
