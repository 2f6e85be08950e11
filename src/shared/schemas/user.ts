import { CONFIRM_PASSWORD_MISMATCH, emailField, passwordField, personNameField } from './fields';
import { z } from './zod';

/** The Profile card's form. */
export const profileFormSchema = z.strictObject({
  name: personNameField(),
  email: emailField(),
});
export type ProfileFormInput = z.infer<typeof profileFormSchema>;

/** `PUT /api/user`: the profile form on the wire, where the name is sent as `username` (spec §3). */
export const updateUserInputSchema = z.strictObject({
  username: profileFormSchema.shape.name,
  email: profileFormSchema.shape.email,
});
export type UpdateUserInput = z.infer<typeof updateUserInputSchema>;

/** `POST /api/user/change-password`. */
export const changePasswordInputSchema = z.strictObject({
  currentPassword: passwordField(),
  newPassword: passwordField(),
});
export type ChangePasswordInput = z.infer<typeof changePasswordInputSchema>;

/** The Change Password card's form. */
export const changePasswordFormSchema = changePasswordInputSchema
  .extend({ confirmPassword: passwordField() })
  .refine((value) => value.newPassword === value.confirmPassword, CONFIRM_PASSWORD_MISMATCH);
export type ChangePasswordFormInput = z.infer<typeof changePasswordFormSchema>;

/** The browser confirmation shown before an account is deleted. */
export const DELETE_ACCOUNT_CONFIRMATION =
  'Are you sure you want to delete your account? This action cannot be reversed.';
