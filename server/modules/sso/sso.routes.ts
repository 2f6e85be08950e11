import { Router } from 'express';
import { ssoRedeemInputSchema, ssoStartQuerySchema } from '../../../src/shared/schemas/sso';
import { SSO_ERROR_PARAM, type SsoErrorCode } from '../../../src/shared/sso';
import { parseBody } from '../../lib/validate';
import { clearFlowCookie, flowCookieOf, setFlowCookie, type FlowCookieOptions } from './flow-cookie';
import { loopbackReturnOf, withQueryParam } from './loopback-return';
import { SsoRefusal } from './sso-client';
import { FLOW_TTL_MS, type SsoFinish, type SsoService } from './sso.service';

/** Where the console's page redeems a finished sign-in's code (a fragment never reaches a server's log). */
export const COMPLETE_PATH = '/sso/complete';

/** Where a refusal is shown: the desktop app's loopback address, else the console's login page. */
function refusalTarget(returnTo: string | undefined, code: SsoErrorCode): string {
  return returnTo ? withQueryParam(returnTo, SSO_ERROR_PARAM, code) : `/login?${SSO_ERROR_PARAM}=${code}`;
}

/**
 * The desktop app's way back: a loopback address and its PKCE challenge, both or neither (undefined:
 * the console's own sign-in); null when what was asked for is not allowed.
 */
function desktopReturnOf(query: unknown): { returnTo: string; challenge: string } | undefined | null {
  const parsed = ssoStartQuerySchema.safeParse(query);
  if (!parsed.success) return null;
  const { return: asked, challenge } = parsed.data;
  if (asked === undefined && challenge === undefined) return undefined;
  const returnTo = asked === undefined ? undefined : loopbackReturnOf(asked);
  return returnTo && challenge ? { returnTo, challenge } : null;
}

function finishTarget(result: SsoFinish): string {
  if ('error' in result) return refusalTarget(result.returnTo, result.error);
  return result.returnTo
    ? withQueryParam(result.returnTo, 'code', result.code)
    : `${COMPLETE_PATH}#code=${encodeURIComponent(result.code)}`;
}

/**
 * `/api/auth/sso` and `/api/auth/oidc/*`. The browser routes answer with redirects only, a refusal
 * included (to a page that explains it), so a sign-in never ends on an error body or a stack trace.
 */
export function createSsoRouter(sso: SsoService, cookie: Omit<FlowCookieOptions, 'maxAgeMs'>) {
  const router = Router();
  const cookieOptions: FlowCookieOptions = { ...cookie, maxAgeMs: FLOW_TTL_MS };

  router.get('/auth/sso', (_req, res) => {
    const info = sso.info();
    // Not 404: the login page asks on every visit, and browsers log every 404 as an error.
    if (info) res.json(info);
    else res.status(204).end();
  });

  router.get('/auth/oidc/start', async (req, res) => {
    const desktop = desktopReturnOf(req.query);
    if (desktop === null) {
      res.redirect(303, refusalTarget(undefined, 'bad_return'));
      return;
    }
    try {
      const { flowId, url } = await sso.start(desktop);
      setFlowCookie(res, flowId, cookieOptions);
      res.redirect(303, url);
    } catch (error) {
      if (!(error instanceof SsoRefusal)) throw error;
      res.redirect(303, refusalTarget(desktop?.returnTo, error.code));
    }
  });

  router.get('/auth/oidc/callback', async (req, res) => {
    const flowId = flowCookieOf(req);
    clearFlowCookie(res, cookieOptions);
    const query = new URL(req.originalUrl, 'http://callback.invalid').searchParams;
    res.redirect(303, finishTarget(await sso.finish(flowId, query)));
  });

  router.post('/auth/oidc/redeem', async (req, res) => {
    res.json(await sso.redeem(parseBody(ssoRedeemInputSchema, req)));
  });

  return router;
}
