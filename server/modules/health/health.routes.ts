import { Router } from 'express';

/** One dependency in the health answer, e.g. `redis: 'ok'`. */
export interface HealthCheck {
  /** The answer's field. */
  name: string;
  /** The dependency's state now, e.g. `ok`, `down` or `off`; a check that throws says `down`. */
  state: () => string | Promise<string>;
}

async function stateOf(check: HealthCheck): Promise<string> {
  try {
    return await check.state();
  } catch {
    return 'down';
  }
}

/**
 * `GET /api/health`: 200 `{status:'ok', …}` while the server serves requests, with each check's
 * state beside it (a dependency that is down is said there; the instance still serves), and 503
 * while it stops.
 */
export function createHealthRouter(isShuttingDown: () => boolean, checks: HealthCheck[] = []) {
  const router = Router();
  router.get('/health', async (_req, res) => {
    if (isShuttingDown()) {
      res.status(503).json({ status: 'shutting-down' });
      return;
    }
    const states = await Promise.all(checks.map(async (check) => [check.name, await stateOf(check)] as const));
    res.json({ status: 'ok', ...Object.fromEntries(states) });
  });
  return router;
}
