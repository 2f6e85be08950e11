/**
 * Bearer authentication for owner routes: who is asking. Which workspace they ask about, and
 * whether their role there allows it, is server/modules/workspaces/route-access.ts's. The token resolver is injected (the auth module owns
 * sessions); this file only reads the header and stores the user on `res.locals`.
 */
import type { RequestHandler, Response } from 'express';
import { unauthorized } from './errors';

export interface AuthUser {
  id: string;
  name: string;
  email: string;
  /** The workspace it chose last: its default when a request names none. */
  lastWorkspaceId: string | null;
  /** The hash of the token this request came with (logout revokes it). */
  tokenHash: string;
}

export type TokenResolver = (token: string) => Promise<AuthUser | undefined>;

const BEARER = /^Bearer\s+(\S+)$/i;

export const AUTH_REQUIRED = 'Authentication required';
export const SESSION_EXPIRED = 'Your session has expired. Please log in again.';

/** Rejects requests without a valid, unrevoked bearer token with 401. */
export function createRequireAuth(resolve: TokenResolver): RequestHandler {
  return async (req, res, next) => {
    const token = BEARER.exec(req.headers.authorization ?? '')?.[1];
    const user = token ? await resolve(token) : undefined;
    if (!user) throw unauthorized(token ? SESSION_EXPIRED : AUTH_REQUIRED);
    res.locals.user = user;
    next();
  };
}

/** The user that `requireAuth` stored; only call it behind that middleware. */
export function currentUser(res: Response): AuthUser {
  return res.locals.user as AuthUser;
}
