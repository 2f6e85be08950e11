/** This document, its rendered reference, and the widget script site owners paste on their pages. */
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { z } from '../../../src/shared/schemas/zod';
import { errors, media, publicOperation } from '../operations';

const text = (description: string) => z.string().meta({ description });
const notModified = { description: 'Not modified: `If-None-Match` held the current ETag.' };

export const referencePaths: ZodOpenApiPathsObject = {
  '/api/openapi.json': {
    get: publicOperation({
      operationId: 'getOpenApiDocument',
      summary: 'This document',
      description: 'The API as an OpenAPI 3.1 contract.',
      tags: ['Reference'],
      responses: {
        200: media('The OpenAPI 3.1 document.', 'application/json', z.record(z.string(), z.unknown())),
        304: notModified,
      },
    }),
  },
  '/api/docs': {
    get: publicOperation({
      operationId: 'showApiReference',
      summary: 'The API reference',
      description: 'This document rendered by Swagger UI, served from this server (no CDN).',
      tags: ['Reference'],
      responses: { 200: media('The reference page.', 'text/html', text('An HTML page.')), 304: notModified },
    }),
  },
  '/api/docs/{file}': {
    get: publicOperation({
      operationId: 'getApiReferenceAsset',
      summary: "The reference page's scripts, styles and icon",
      tags: ['Reference'],
      requestParams: { path: z.object({ file: z.string() }) },
      responses: {
        200: {
          description: 'The file.',
          content: {
            'text/javascript': { schema: text('A script.') },
            'text/css': { schema: text('A style sheet.') },
            'image/png': { schema: text('An icon.') },
          },
        },
        304: notModified,
        ...errors(404),
      },
    }),
  },
  '/widget.js': {
    get: publicOperation({
      operationId: 'getWidgetScript',
      summary: 'The widget script',
      description:
        'Cached 5 minutes, with an ETag per encoding; served cross-origin. Absent until the widget is built.',
      tags: ['Public widget'],
      responses: {
        200: media('The script.', 'text/javascript', text('The minified widget script.')),
        304: notModified,
      },
    }),
  },
};
