import { CONFIRM_PASSWORD_MISMATCH, MAX_PASSWORD_LENGTH, emailField, passwordField, personNameField } from './fields';
import { z } from './zod';

/** Said when a change that needs the current password comes without it. */
export const CURRENT_PASSWORD_REQUIRED = 'Please enter your current password.';

/**
 * The current password, asked again before a change that could hand the account to whoever holds
 * a stolen session: a new e-mail address, or deleting the account. Any length, since an account
 * may predate today's rules; empty counts as missing.
 */
function currentPasswordField() {
  return z
    .string({ error: (issue) => (issue.input === undefined ? CURRENT_PASSWORD_REQUIRED : undefined) })
    .min(1, CURRENT_PASSWORD_REQUIRED)
    .max(MAX_PASSWORD_LENGTH);
}

/**
 * The Profile card's form. The current password is asked for only when the e-mail changes (the
 * card checks that, since only it knows the address in use); renaming alone needs none.
 */
export const profileFormSchema = z.strictObject({
  name: personNameField(),
  email: emailField(),
  currentPassword: z.string().max(MAX_PASSWORD_LENGTH),
});
export type ProfileFormInput = z.infer<typeof profileFormSchema>;

/**
 * `PUT /api/user`: the profile form on the wire, where the name is sent as `username`, as the product has always named it.
 * `currentPassword` is required by the server when `email` differs from the account's address.
 */
export const updateUserInputSchema = z.strictObject({
  username: profileFormSchema.shape.name,
  email: profileFormSchema.shape.email,
  currentPassword: profileFormSchema.shape.currentPassword.optional(),
});
export type UpdateUserInput = z.infer<typeof updateUserInputSchema>;

/** `DELETE /api/user/:id` and the delete dialog: the current password confirms the deletion. */
export const deleteAccountInputSchema = z.strictObject({
  currentPassword: currentPasswordField(),
});
export type DeleteAccountInput = z.infer<typeof deleteAccountInputSchema>;

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

/** The question the delete dialog asks before an account is deleted. */
export const DELETE_ACCOUNT_CONFIRMATION =
  'Are you sure you want to delete your account? This action cannot be reversed.';
