/** Single sign-on with OpenID Connect: the login page's button, the browser's round trip, the code's redemption. */
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { ssoRedeemInputSchema, ssoStartQuerySchema } from '../../../src/shared/schemas/sso';
import { z } from '../../../src/shared/schemas/zod';
import { loginResponseSchema } from '../../../src/shared/schemas/responses/accounts';
import { ssoInfoSchema } from '../../../src/shared/schemas/responses/sso';
import { errors, json, jsonBody, publicOperation } from '../operations';

const tags = ['Account'];

/** Every browser step answers a redirect: onwards, or to a page that explains a refusal. */
const redirect = (description: string) => ({ description, headers: z.object({ Location: z.string() }) });

export const ssoPaths: ZodOpenApiPathsObject = {
  '/api/auth/sso': {
    get: publicOperation({
      operationId: 'getSso',
      summary: 'Single sign-on, if set up',
      description:
        'The provider\'s name for the login page\'s "Sign in with <name>". Without OIDC_ISSUER, 204: the login page asks on every visit, and a 404 would be an error in every browser console.',
      tags,
      responses: {
        200: json('Single sign-on is set up.', ssoInfoSchema),
        204: { description: 'Single sign-on is not set up.' },
      },
    }),
  },
  '/api/auth/oidc/start': {
    get: publicOperation({
      operationId: 'startSso',
      summary: 'Start a single sign-on (browser)',
      description:
        'Sends the browser to the OpenID provider (authorization code flow with PKCE, state and nonce) and sets a short-lived cookie tying the sign-in to it. The desktop app adds `return`, an `http://127.0.0.1:<port>/…` or `http://[::1]:<port>/…` address, and the S256 `challenge` of its own PKCE pair.',
      tags,
      requestParams: { query: ssoStartQuerySchema },
      responses: {
        303: redirect(
          "To the provider; or, when single sign-on is off or the provider is unreachable, to `/login?sso_error=<code>` (the desktop app's `return?sso_error=<code>`).",
        ),
      },
    }),
  },
  '/api/auth/oidc/callback': {
    get: publicOperation({
      operationId: 'finishSso',
      summary: "The provider's redirect back (browser)",
      description:
        "Redeems the provider's code, checks state, nonce and the ID token, and finds the account by its verified e-mail (or creates it, confirmed). Single use: the sign-in's cookie and stored secrets are spent.",
      tags,
      requestParams: {
        query: z.object({
          code: z.string().optional(),
          state: z.string().optional(),
          error: z.string().optional(),
          iss: z.string().optional(),
        }),
      },
      responses: {
        303: redirect(
          "Signed in: to `/sso/complete#code=<one-time code>` (the desktop app's `return?code=…`). Refused: to `/login?sso_error=<code>` (the desktop app's `return?sso_error=…`).",
        ),
      },
    }),
  },
  '/api/auth/oidc/redeem': {
    post: publicOperation({
      operationId: 'redeemSso',
      summary: "Exchange a finished sign-in's code for a session",
      description:
        'The code is single-use and lives two minutes. A desktop sign-in (started with `challenge`) needs its `verifier`. Answers as a password login does.',
      tags,
      requestBody: jsonBody(ssoRedeemInputSchema),
      responses: { 200: json('Signed in.', loginResponseSchema), ...errors(400) },
    }),
  },
};
