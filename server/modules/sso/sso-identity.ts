/**
 * Who the provider says signed in, as Tellbox accepts it: a verified e-mail address (normalised by
 * the same field schema as sign-up, so one address is one account whatever its case), inside the
 * allowed domains, and a display name.
 */
import { MAX_NAME_LENGTH, emailField, personNameField } from '../../../src/shared/schemas/fields';
import { SsoRefusal, type ProviderClaims } from './sso-client';
import { isAllowedEmail, type SsoSettings } from './sso-config';

export interface SsoIdentity {
  /** Trimmed and lower-cased, as accounts store it. */
  email: string;
  /** For a new account: the `name` claim, else the address's local part. */
  name: string;
}

const EMAIL = emailField();
const PERSON_NAME = personNameField();

/**
 * `email_verified` must be true. Some providers (Amazon Cognito among them) send it as the string
 * "true"; that is the same statement.
 */
function isVerified(value: unknown): boolean {
  return value === true || value === 'true';
}

/** The first of the name claim, the local part and the whole address that is a valid display name. */
function displayNameOf(claim: unknown, email: string): string {
  const candidates = [claim, email.slice(0, email.lastIndexOf('@')), email.slice(0, MAX_NAME_LENGTH)];
  for (const candidate of candidates) {
    const parsed = PERSON_NAME.safeParse(candidate);
    if (parsed.success) return parsed.data;
  }
  return email.slice(0, MAX_NAME_LENGTH);
}

/** The identity in `claims`; throws an `SsoRefusal` when the address is missing, unverified or not allowed. */
export function identityOf(claims: ProviderClaims, settings: SsoSettings): SsoIdentity {
  const email = EMAIL.safeParse(claims.email);
  if (!email.success || !isVerified(claims.email_verified)) {
    throw new SsoRefusal('unverified_email', `no verified e-mail address (sub ${claims.sub})`);
  }
  if (!isAllowedEmail(settings, email.data)) {
    // The domain alone: the log keeps no addresses.
    throw new SsoRefusal('domain', `${email.data.split('@')[1] ?? ''} is outside OIDC_ALLOWED_DOMAINS`);
  }
  return { email: email.data, name: displayNameOf(claims.name, email.data) };
}
