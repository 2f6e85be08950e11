/** Sign-up, login, the public account links, the owner's own account, plans and early access. */
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import {
  changePasswordInputSchema,
  confirmEmailQuerySchema,
  deleteAccountInputSchema,
  earlyAccessInputSchema,
  loginInputSchema,
  passwordResetRequestSchema,
  registerInputSchema,
  resendConfirmationSchema,
  resetPasswordInputSchema,
  updateUserInputSchema,
} from '../../../src/shared/schemas';
import { z } from '../../../src/shared/schemas/zod';
import {
  limitsSummarySchema,
  loginResponseSchema,
  passwordChangedResponseSchema,
  planListResponseSchema,
  userResponseSchema,
  userUpdateResponseSchema,
} from '../../../src/shared/schemas/responses/accounts';
import { messageResponseSchema } from '../../../src/shared/schemas/responses/common';
import { errors, json, jsonBody, ownerOperation, publicOperation } from '../operations';

const tags = ['Account'];

export const accountPaths: ZodOpenApiPathsObject = {
  '/api/auth/register': {
    post: publicOperation({
      operationId: 'register',
      summary: 'Sign up',
      description: 'Creates the account and e-mails its confirmation link.',
      tags,
      requestBody: jsonBody(registerInputSchema),
      responses: {
        201: json('The account is made; its confirmation link is on its way.', messageResponseSchema),
        ...errors(400, 409, 429),
      },
    }),
  },
  '/api/auth/login': {
    post: publicOperation({
      operationId: 'login',
      summary: 'Log in',
      description: 'Returns a bearer token valid for 30 days.',
      tags,
      requestBody: jsonBody(loginInputSchema),
      responses: {
        200: json('Logged in.', loginResponseSchema),
        ...errors(400, 401, 403, 429),
      },
    }),
  },
  '/api/auth/logout': {
    post: ownerOperation({
      operationId: 'logout',
      permission: 'account',
      summary: 'Log out',
      description: 'Revokes the token in hand.',
      tags,
      responses: { 200: json('Logged out.', messageResponseSchema) },
    }),
  },
  '/api/public/confirm-email': {
    post: publicOperation({
      operationId: 'confirmEmail',
      summary: 'Confirm an e-mail address',
      description: 'Applies a confirmation link: a new account, or a new address for an existing one.',
      tags,
      requestParams: { query: confirmEmailQuerySchema },
      responses: {
        200: json('The address is confirmed.', messageResponseSchema),
        ...errors(400, 409),
      },
    }),
  },
  '/api/public/resend-confirmation': {
    post: publicOperation({
      operationId: 'resendConfirmation',
      summary: 'Send the confirmation link again',
      description: 'Answers the same whether or not the address has an account.',
      tags,
      requestBody: jsonBody(resendConfirmationSchema),
      responses: { 200: json('A link is on its way, if one is due.', messageResponseSchema), ...errors(400, 429) },
    }),
  },
  '/api/public/request-password-reset': {
    post: publicOperation({
      operationId: 'requestPasswordReset',
      summary: 'Ask for a password-reset link',
      description: 'Answers the same whether or not the address has an account.',
      tags,
      requestBody: jsonBody(passwordResetRequestSchema),
      responses: { 200: json('A link is on its way, if one is due.', messageResponseSchema), ...errors(400, 429) },
    }),
  },
  '/api/public/reset-password': {
    post: publicOperation({
      operationId: 'resetPassword',
      summary: 'Set a new password with a reset link',
      description: 'Revokes every session of the account.',
      tags,
      requestBody: jsonBody(resetPasswordInputSchema),
      responses: { 200: json('The password is changed.', messageResponseSchema), ...errors(400, 429) },
    }),
  },
  '/api/public/plans': {
    get: publicOperation({
      operationId: 'listPlans',
      summary: 'The plan table',
      description: 'The plans this server enforces, in order, with their feature lists.',
      tags: ['Billing'],
      responses: { 200: json('The plans.', planListResponseSchema) },
    }),
  },
  '/api/public/rebrand-submit': {
    post: publicOperation({
      operationId: 'joinEarlyAccess',
      summary: 'Join the early-access list',
      description: 'Signing up twice answers the same as once.',
      tags: ['Early access'],
      requestBody: jsonBody(earlyAccessInputSchema),
      responses: { 201: json('Registered.', messageResponseSchema), ...errors(400, 429) },
    }),
  },
  '/api/user': {
    get: ownerOperation({
      operationId: 'getUser',
      permission: 'account',
      summary: "The owner's profile",
      tags,
      responses: { 200: json('The profile.', userResponseSchema) },
    }),
    put: ownerOperation({
      operationId: 'updateUser',
      permission: 'account',
      summary: 'Change the name or the e-mail address',
      description:
        'A new address needs `currentPassword` and is applied once its confirmation link is opened (`pendingEmail` until then).',
      tags,
      requestBody: jsonBody(updateUserInputSchema),
      responses: { 200: json('The profile as it is now.', userUpdateResponseSchema), ...errors(400, 409, 429) },
    }),
  },
  '/api/user/change-password': {
    post: ownerOperation({
      operationId: 'changePassword',
      permission: 'account',
      summary: 'Change the password',
      description: 'Signs every other session out and returns a fresh token.',
      tags,
      requestBody: jsonBody(changePasswordInputSchema),
      responses: { 200: json('Changed; the fresh token.', passwordChangedResponseSchema), ...errors(400, 429) },
    }),
  },
  '/api/user/{id}': {
    delete: ownerOperation({
      operationId: 'deleteUser',
      permission: 'account',
      summary: 'Delete the account',
      description: 'Only the account in hand; ends a paid subscription first.',
      tags,
      requestParams: { path: z.object({ id: z.string() }) },
      requestBody: jsonBody(deleteAccountInputSchema),
      responses: { 200: json('Deleted.', messageResponseSchema), ...errors(400, 403, 404, 429, 502) },
    }),
  },
  '/api/user/limits/summary': {
    get: ownerOperation({
      operationId: 'getLimitsSummary',
      permission: 'plan.read',
      summary: "The plan's limits and their use",
      tags: ['Billing'],
      responses: { 200: json('The summary.', limitsSummarySchema) },
    }),
  },
};
