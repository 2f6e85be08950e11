import { Router } from 'express';
import { PLAN_IDS, planFeatures, type PlanTable } from '../../../src/shared/plans';

/**
 * `GET /api/public/plans`: the plan table this server enforces, with each plan's feature list, so
 * pricing shown anywhere matches an admin's PLANS_FILE override.
 */
export function createPlansRouter(plans: PlanTable) {
  const router = Router();
  const body = { plans: PLAN_IDS.map((id) => ({ ...plans[id], features: planFeatures(plans[id]) })) };
  router.get('/public/plans', (_req, res) => {
    res.json(body);
  });
  return router;
}
