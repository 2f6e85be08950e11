/**
 * Single sign-on's inputs (OpenID Connect): the start's query and the one-time code's redemption.
 * The desktop app signs in through the system browser and a loopback address (RFC 8252); it proves
 * that the code it redeems is its own with a PKCE pair of its own (RFC 7636, S256).
 */
import { z } from './zod';

/** A PKCE code verifier: 43 to 128 unreserved characters (RFC 7636 §4.1). */
export const pkceVerifierSchema = z.string().regex(/^[A-Za-z0-9._~-]{43,128}$/, 'Invalid code verifier');

/** A PKCE S256 challenge: the verifier's SHA-256, base64url without padding (43 characters). */
export const pkceChallengeSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'Invalid code challenge');

/** `GET /api/auth/oidc/start`: from the console, nothing; from the desktop app, where to come back to and its challenge. */
export const ssoStartQuerySchema = z.object({
  return: z.string().max(200).optional(),
  challenge: pkceChallengeSchema.optional(),
});
export type SsoStartQuery = z.infer<typeof ssoStartQuerySchema>;

/** `POST /api/auth/oidc/redeem`: the one-time code a finished sign-in handed over, for a session. */
export const ssoRedeemInputSchema = z.strictObject({
  code: z.string().trim().min(1).max(200),
  /** Required when the sign-in was started with a `challenge` (the desktop app). */
  verifier: pkceVerifierSchema.optional(),
});
export type SsoRedeemInput = z.infer<typeof ssoRedeemInputSchema>;
