import {
  CONFIRM_PASSWORD_MISMATCH,
  PASSWORD_MIN_MESSAGE,
  VALID_EMAIL_MESSAGE,
  emailField,
  passwordField,
  personNameField,
} from './fields';
import { z } from './zod';

/**
 * Said on the password field when the server finds the password among the most common ones. The
 * list itself stays on the server: it is far too large for the console's login bundle.
 */
export const COMMON_PASSWORD_MESSAGE =
  'This password is one of the most common ones and easy to guess. Please choose another.';

/** Login form and `POST /api/auth/login`. */
export const loginInputSchema = z.strictObject({
  email: emailField(VALID_EMAIL_MESSAGE),
  password: passwordField(PASSWORD_MIN_MESSAGE),
});
export type LoginInput = z.infer<typeof loginInputSchema>;

/** `POST /api/auth/register`: the sign-up form without its confirmation field. */
export const registerInputSchema = z.strictObject({
  name: personNameField(),
  email: emailField(),
  password: passwordField(),
  /** From the invite page: the invitation mailed to `email` proves the address (no confirmation link). */
  invitationToken: z.string().min(1).max(200).optional(),
});
export type RegisterInput = z.infer<typeof registerInputSchema>;

/** The sign-up form: the register body plus the password confirmation. */
export const signupFormSchema = registerInputSchema
  .extend({ confirmPassword: z.string() })
  .refine((value) => value.password === value.confirmPassword, CONFIRM_PASSWORD_MISMATCH);
export type SignupFormInput = z.infer<typeof signupFormSchema>;

/** Forgot-password form and `POST /api/public/request-password-reset`. */
export const passwordResetRequestSchema = z.strictObject({
  email: emailField(VALID_EMAIL_MESSAGE),
});
export type PasswordResetRequestInput = z.infer<typeof passwordResetRequestSchema>;

/** A one-time token from an e-mailed link (confirmation or reset). */
export const emailTokenSchema = z.string().trim().min(1).max(200);

/** `POST /api/public/reset-password`. */
export const resetPasswordInputSchema = z.strictObject({
  token: emailTokenSchema,
  password: passwordField(PASSWORD_MIN_MESSAGE),
});
export type ResetPasswordInput = z.infer<typeof resetPasswordInputSchema>;

/** The reset-password form: new password and its confirmation (the token comes from the URL). */
export const resetPasswordFormSchema = z
  .strictObject({
    password: passwordField(PASSWORD_MIN_MESSAGE),
    confirmPassword: z.string(),
  })
  .refine((value) => value.password === value.confirmPassword, CONFIRM_PASSWORD_MISMATCH);
export type ResetPasswordFormInput = z.infer<typeof resetPasswordFormSchema>;

/** The query of `POST /api/public/confirm-email?token=…`. */
export const confirmEmailQuerySchema = z.object({ token: emailTokenSchema });

/** `POST /api/public/resend-confirmation`: sends the confirmation link again. */
export const resendConfirmationSchema = passwordResetRequestSchema;
