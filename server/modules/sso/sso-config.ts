/**
 * Single sign-on's settings (OIDC_*), parsed by server/config.ts with the rest of the environment:
 * the shapes below join its schema, `checkSsoEnv` adds the rules between variables, and a bad value
 * stops the server with a message naming the variable, as every other setting does.
 */
import { z } from 'zod';

/** The installation's OpenID provider; undefined while OIDC_ISSUER is unset. */
export interface SsoSettings {
  /** The issuer identifier, e.g. `https://login.acme.com/realms/staff`. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Shown as "Sign in with <name>". */
  name: string;
  /** Lower-case e-mail domains allowed to sign in; empty: any. */
  allowedDomains: string[];
  /** Password login is refused for the allowed domains (every domain when none is listed). */
  only: boolean;
}

export const DEFAULT_SSO_NAME = 'SSO';
const MAX_NAME_LENGTH = 40;

const ISSUER_MESSAGE = 'Use an https:// URL (http:// only on a loopback address), without query or fragment';
const DOMAINS_MESSAGE = 'Comma-separated e-mail domains, e.g. acme.com,acme.org';
const DOMAIN = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}$/;

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => value || undefined);

/** Development and the tests run a provider on this machine over plain HTTP; anywhere else it must be HTTPS. */
export function isLoopbackHost(hostname: string): boolean {
  return hostname === '127.0.0.1' || hostname === '[::1]' || hostname === 'localhost';
}

function isIssuerUrl(text: string): boolean {
  if (!URL.canParse(text)) return false;
  const url = new URL(text);
  if (url.search || url.hash || url.username || url.password) return false;
  return url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname));
}

function domainsOf(text: string): string[] {
  return text
    .split(',')
    .map((domain) => domain.trim().toLowerCase().replace(/^@/, ''))
    .filter((domain) => domain !== '');
}

/** The OIDC_* variables, for server/config.ts's schema. */
export const SSO_ENV = {
  // Kept as written: discovery holds the provider's `issuer` to this exact value.
  OIDC_ISSUER: optionalText.refine((text) => text === undefined || isIssuerUrl(text), ISSUER_MESSAGE),
  OIDC_CLIENT_ID: optionalText,
  OIDC_CLIENT_SECRET: optionalText,
  OIDC_NAME: optionalText.pipe(z.string().max(MAX_NAME_LENGTH, `At most ${MAX_NAME_LENGTH} characters`).optional()),
  OIDC_ALLOWED_DOMAINS: optionalText
    .transform((text) => (text === undefined ? [] : domainsOf(text)))
    .refine((domains) => domains.every((domain) => DOMAIN.test(domain)), DOMAINS_MESSAGE),
  OIDC_ONLY: z.enum(['true', 'false'], 'Use true or false').default('false'),
};

type SsoEnv = z.output<z.ZodObject<typeof SSO_ENV>>;

/** The rules between the OIDC_* variables: the three of the provider go together; the rest need them. */
export function checkSsoEnv(values: SsoEnv, context: z.RefinementCtx): void {
  const problem = (name: keyof SsoEnv, message: string) => context.addIssue({ code: 'custom', path: [name], message });
  if (values.OIDC_ISSUER !== undefined) {
    if (values.OIDC_CLIENT_ID === undefined) problem('OIDC_CLIENT_ID', 'Required when OIDC_ISSUER is set');
    if (values.OIDC_CLIENT_SECRET === undefined) problem('OIDC_CLIENT_SECRET', 'Required when OIDC_ISSUER is set');
    return;
  }
  const needIssuer = ['OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET', 'OIDC_NAME'] as const;
  for (const name of needIssuer) {
    if (values[name] !== undefined) problem(name, 'Needs OIDC_ISSUER');
  }
  if (values.OIDC_ALLOWED_DOMAINS.length > 0) problem('OIDC_ALLOWED_DOMAINS', 'Needs OIDC_ISSUER');
  if (values.OIDC_ONLY === 'true') problem('OIDC_ONLY', 'Needs OIDC_ISSUER');
}

/** The settings from parsed (and checked) values; undefined without OIDC_ISSUER. */
export function ssoSettingsOf(values: SsoEnv): SsoSettings | undefined {
  const { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: clientId, OIDC_CLIENT_SECRET: clientSecret } = values;
  if (issuer === undefined || clientId === undefined || clientSecret === undefined) return undefined;
  return {
    issuer,
    clientId,
    clientSecret,
    name: values.OIDC_NAME ?? DEFAULT_SSO_NAME,
    allowedDomains: [...new Set(values.OIDC_ALLOWED_DOMAINS)],
    only: values.OIDC_ONLY === 'true',
  };
}

/** Whether `email` (already lower-cased) may sign in with single sign-on. */
export function isAllowedEmail(settings: SsoSettings, email: string): boolean {
  const domain = email.slice(email.lastIndexOf('@') + 1);
  return settings.allowedDomains.length === 0 || settings.allowedDomains.includes(domain);
}
