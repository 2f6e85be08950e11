import { Router } from 'express';

/** `GET /api/health`: 200 `{status:'ok'}` while the server serves requests, 503 while it stops. */
export function createHealthRouter(isShuttingDown: () => boolean) {
  const router = Router();
  router.get('/health', (_req, res) => {
    if (isShuttingDown()) res.status(503).json({ status: 'shutting-down' });
    else res.json({ status: 'ok' });
  });
  return router;
}
