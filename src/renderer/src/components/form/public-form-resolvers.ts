/**
 * The public pages' form rules (zod and the shared schemas), as one chunk that loads when a form
 * is first checked (see lazyResolver), not with the page: on a slow phone zod alone is a long task.
 */
import { formResolver } from './form-resolver';
import {
  earlyAccessInputSchema,
  loginInputSchema,
  passwordResetRequestSchema,
  signupFormSchema,
} from '../../../../shared/schemas';

export const loginResolver = formResolver(loginInputSchema);
export const signupResolver = formResolver(signupFormSchema);
export const passwordResetRequestResolver = formResolver(passwordResetRequestSchema);
export const earlyAccessResolver = formResolver(earlyAccessInputSchema);
