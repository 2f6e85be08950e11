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
  checkout: '/checkout',
} as const;

export const SUPPORT_EMAIL = 'support@tellbox.app';
