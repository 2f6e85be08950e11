/**
 * The public pages' form rules (zod and the shared schemas), as one chunk that loads when a form
 * is first checked (see lazyResolver), not with the page: on a slow phone zod alone is a long task.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import {
  earlyAccessInputSchema,
  loginInputSchema,
  passwordResetRequestSchema,
  signupFormSchema,
} from '../../../../shared/schemas';

export const loginResolver = zodResolver(loginInputSchema);
export const signupResolver = zodResolver(signupFormSchema);
export const passwordResetRequestResolver = zodResolver(passwordResetRequestSchema);
export const earlyAccessResolver = zodResolver(earlyAccessInputSchema);
