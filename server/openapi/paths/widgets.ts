/** The owner's widgets and news posts, and the public widget API that visitors' browsers call. */
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import {
  installationListQuerySchema,
  newsPostInputSchema,
  postListQuerySchema,
  publicFeedbackInputSchema,
  widgetInputSchema,
} from '../../../src/shared/schemas';
import { z } from '../../../src/shared/schemas/zod';
import { WIDGET_LANGUAGES } from '../../../src/shared/widget-language';
import { messageResponseSchema } from '../../../src/shared/schemas/responses/common';
import { postListResponseSchema, postResponseSchema } from '../../../src/shared/schemas/responses/news';
import { publicWidgetConfigSchema } from '../../../src/shared/schemas/responses/public';
import {
  installationListResponseSchema,
  widgetListResponseSchema,
  widgetResponseSchema,
} from '../../../src/shared/schemas/responses/widgets';
import { errors, json, jsonBody, ownerOperation, publicOperation } from '../operations';

const idPath = z.object({ id: z.string() });
const siteKeyPath = z.object({ siteKey: z.string() });

/** Every public widget answer, errors and 304s included, carries these (docs/api-conventions.md, "CORS"). */
const corsHeaders = z.object({
  'Access-Control-Allow-Origin': z.literal('*'),
  'Cross-Origin-Resource-Policy': z.literal('cross-origin'),
});

const preflight = (operationId: string) =>
  publicOperation({
    operationId,
    summary: 'CORS preflight',
    tags: ['Public widget'],
    requestParams: { path: siteKeyPath },
    responses: {
      204: {
        description: 'Allows `GET, POST, OPTIONS` with `Content-Type` from any origin, for a day.',
        headers: corsHeaders,
      },
    },
  });

/** The config's language; any other parameter is ignored. */
const configQuery = z.object({
  lang: z
    .string()
    .optional()
    .meta({
      description: `A language tag; ${WIDGET_LANGUAGES.join(', ')} are spoken, anything else gets English.`,
    }),
});

const configOperation = (operationId: string, summary: string) =>
  publicOperation({
    operationId,
    summary,
    description:
      "The page's host comes from `Origin` and decides the installation rule: the first hosts register up to the plan's cap. `strings` are in the language of `?lang=`. Cached a minute, with an ETag per language and encoding.",
    tags: ['Public widget'],
    requestParams: { path: siteKeyPath, query: configQuery },
    responses: {
      200: { ...json('The config.', publicWidgetConfigSchema), headers: corsHeaders },
      304: { description: 'Not modified (`If-None-Match` held the current ETag).', headers: corsHeaders },
      ...errors(403, 404, 429),
    },
  });

export const widgetPaths: ZodOpenApiPathsObject = {
  '/api/widget': {
    get: ownerOperation({
      operationId: 'listWidgets',
      permission: 'inbox.read',
      summary: "The owner's widgets",
      description: 'Each with its 5 oldest installations and `installationCount`.',
      tags: ['Widgets'],
      responses: { 200: json('The widgets.', widgetListResponseSchema) },
    }),
    post: ownerOperation({
      operationId: 'createWidget',
      permission: 'widgets.write',
      activity: { action: 'widget.created', target: 'widget' },
      summary: 'Create a widget',
      tags: ['Widgets'],
      requestBody: jsonBody(widgetInputSchema),
      responses: { 201: json('Created.', widgetResponseSchema), ...errors(400, 403) },
    }),
  },
  '/api/widget/{id}': {
    put: ownerOperation({
      operationId: 'updateWidget',
      permission: 'widgets.write',
      activity: { action: 'widget.updated', target: 'widget' },
      summary: 'Edit a widget',
      tags: ['Widgets'],
      requestParams: { path: idPath },
      requestBody: jsonBody(widgetInputSchema),
      responses: { 200: json('The widget as it is now.', widgetResponseSchema), ...errors(400, 404) },
    }),
    delete: ownerOperation({
      operationId: 'deleteWidget',
      permission: 'widgets.write',
      activity: { action: 'widget.deleted', target: 'widget' },
      summary: 'Delete a widget',
      tags: ['Widgets'],
      requestParams: { path: idPath },
      responses: { 200: json('Deleted.', messageResponseSchema), ...errors(404) },
    }),
  },
  '/api/widget/{id}/installations': {
    get: ownerOperation({
      operationId: 'listInstallations',
      permission: 'widgets.read',
      summary: "A widget's installations, a page at a time",
      description: 'Oldest first; pass `nextCursor` back as `cursor`.',
      tags: ['Widgets'],
      requestParams: { path: idPath, query: installationListQuerySchema },
      responses: { 200: json('One page.', installationListResponseSchema), ...errors(400, 404) },
    }),
  },
  '/api/widget/{id}/installations/{host}': {
    delete: ownerOperation({
      operationId: 'removeInstallation',
      permission: 'widgets.write',
      activity: { action: 'widget.site_removed', target: 'widget' },
      summary: 'Remove a site from a widget',
      tags: ['Widgets'],
      requestParams: { path: z.object({ id: z.string(), host: z.string() }) },
      responses: { 200: json('The widget as it is now.', widgetResponseSchema), ...errors(404) },
    }),
  },
  '/api/post': {
    get: ownerOperation({
      operationId: 'listPosts',
      permission: 'news.read',
      summary: "The owner's news posts",
      tags: ['News'],
      requestParams: { query: postListQuerySchema },
      responses: { 200: json('The posts, drafts included.', postListResponseSchema), ...errors(400) },
    }),
    post: ownerOperation({
      operationId: 'createPost',
      permission: 'news.write',
      activity: { action: 'post.created', target: 'post' },
      summary: 'Write a news post',
      description: 'Published unless `status` says draft.',
      tags: ['News'],
      requestBody: jsonBody(newsPostInputSchema),
      responses: { 201: json('Created.', postResponseSchema), ...errors(400, 403, 404) },
    }),
  },
  '/api/post/{id}': {
    put: ownerOperation({
      operationId: 'updatePost',
      permission: 'news.write',
      activity: { action: 'post.updated', target: 'post' },
      summary: 'Edit a news post',
      tags: ['News'],
      requestParams: { path: idPath },
      requestBody: jsonBody(newsPostInputSchema),
      responses: { 200: json('The post as it is now.', postResponseSchema), ...errors(400, 403, 404) },
    }),
    delete: ownerOperation({
      operationId: 'deletePost',
      permission: 'news.write',
      activity: { action: 'post.deleted', target: 'post' },
      summary: 'Delete a news post',
      tags: ['News'],
      requestParams: { path: idPath },
      responses: { 200: json('Deleted.', messageResponseSchema), ...errors(404) },
    }),
  },
  '/api/public/widget/{siteKey}': {
    get: configOperation('getPublicWidgetConfig', "A widget's public config and published posts"),
    head: configOperation('headPublicWidgetConfig', "A widget's public config, headers only"),
    options: preflight('preflightPublicWidgetConfig'),
  },
  '/api/public/widget/{siteKey}/feedback': {
    post: publicOperation({
      operationId: 'submitPublicFeedback',
      summary: "A visitor's feedback",
      description:
        'JSON, also as `text/plain` (a simple request, no preflight), at most 64 KB. A filled honeypot (`website`) gets the same answer and nothing is stored.',
      tags: ['Public widget'],
      requestParams: { path: siteKeyPath },
      requestBody: {
        required: true,
        content: {
          'application/json': { schema: publicFeedbackInputSchema },
          'text/plain': { schema: publicFeedbackInputSchema },
        },
      },
      responses: {
        201: { ...json('Received.', messageResponseSchema), headers: corsHeaders },
        ...errors(400, 403, 404, 413, 415, 429),
      },
    }),
    options: preflight('preflightPublicFeedback'),
  },
};
