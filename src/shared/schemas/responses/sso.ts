/** What single sign-on's public route answers. */
import { z } from '../zod';

/** `GET /api/auth/sso`: the provider's name and the allowed e-mail domains (204, no body, when not set up). */
export const ssoInfoSchema = z
  .strictObject({
    name: z.string().meta({ description: 'OIDC_NAME, shown as "Sign in with <name>".' }),
    allowedDomains: z
      .array(z.string())
      .meta({ description: 'OIDC_ALLOWED_DOMAINS; empty when any domain may sign in.' }),
  })
  .meta({ id: 'SsoInfo' });
