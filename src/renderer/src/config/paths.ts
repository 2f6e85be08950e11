/** Every route of the console, in one place. */
export const paths = {
  home: '/',
  login: '/login',
  signup: '/signup',
  emailConfirmation: '/email-confirmation',
  confirmEmail: '/confirm-email',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  privacyPolicy: '/privacy-policy',
  termsOfService: '/terms-of-service',
  contact: '/contact',
  rebrand: '/rebrand',
  unauthorized: '/unauthorized',
  dashboard: '/dashboard',
  widgets: '/widgets',
  feedback: '/feedback',
  news: '/news',
  webhooks: '/webhooks',
  /** Settings: redirects to its first section, Profile (old links and e-mails point here). */
  settings: '/settings',
  /** Settings › Profile: name, e-mail, and the Danger zone (deleting the account). */
  profile: '/settings/profile',
  /** Settings › Security: the password. */
  security: '/settings/security',
  /** Settings › Team: members, invitations, ownership. */
  team: '/settings/team',
  /** Settings › Plan & billing: the workspace's plan, the others, cancelling. */
  billing: '/settings/billing',
  /** Settings › Alerts: which feedback is e-mailed, and how often. */
  alerts: '/settings/alerts',
  /** Who did what in the workspace (owners and admins). */
  activity: '/activity',
  /** Where an invitation's link lands (`?token=`). */
  invite: '/invite',
  support: '/support',
  checkout: '/checkout',
  paymentSuccess: '/payment-success',
  paymentCanceled: '/payment-canceled',
  /** The desktop app's server screen (first run, and Change in the settings). */
  setupServer: '/setup-server',
} as const;

/** `/checkout?plan=…`: where an upgrade starts. */
export function checkoutHref(plan: string): string {
  return `${paths.checkout}?plan=${encodeURIComponent(plan)}`;
}

/** `/feedback` or `/news`, filtered to one widget (`?widget=`; docs/product.md §2). */
export function filteredHref(path: typeof paths.feedback | typeof paths.news, widgetId: string | null): string {
  return widgetId ? `${path}?widget=${encodeURIComponent(widgetId)}` : path;
}

export const SUPPORT_EMAIL = 'support@tellbox.app';
