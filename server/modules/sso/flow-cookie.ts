/**
 * The cookie that ties a sign-in to the browser that started it: it holds only the flow's random
 * id, the secrets stay on the server. Without it a callback is refused, so nobody can send someone
 * else a callback link of their own sign-in and have them signed in to the wrong account.
 * `SameSite=Lax` lets it ride along on the provider's redirect back (a top-level GET).
 */
import type { Request, Response } from 'express';

const NAME = 'tellbox_sso';
/** Sent only to the sign-in's own routes. */
const PATH = '/api/auth/oidc';

export interface FlowCookieOptions {
  /** Behind https (PUBLIC_URL): the cookie is never sent over plain http. */
  secure: boolean;
  maxAgeMs: number;
}

export function setFlowCookie(res: Response, flowId: string, options: FlowCookieOptions): void {
  res.cookie(NAME, flowId, {
    httpOnly: true,
    sameSite: 'lax',
    secure: options.secure,
    path: PATH,
    maxAge: options.maxAgeMs,
  });
}

export function clearFlowCookie(res: Response, options: FlowCookieOptions): void {
  res.clearCookie(NAME, { httpOnly: true, sameSite: 'lax', secure: options.secure, path: PATH });
}

/** The flow id the browser sent back, if any. */
export function flowCookieOf(req: Request): string | undefined {
  for (const pair of (req.headers.cookie ?? '').split(';')) {
    const [name, ...value] = pair.trim().split('=');
    if (name === NAME) return value.join('=') || undefined;
  }
  return undefined;
}
