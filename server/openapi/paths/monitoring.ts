/** What load balancers and monitors call: the health check, and Prometheus's scrape. */
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { z } from '../../../src/shared/schemas/zod';
import { apiErrorSchema } from '../../../src/shared/schemas/responses/common';
import { healthResponseSchema, shuttingDownResponseSchema } from '../../../src/shared/schemas/responses/public';
import { errors, json, media, publicOperation } from '../operations';

export const monitoringPaths: ZodOpenApiPathsObject = {
  '/api/health': {
    get: publicOperation({
      operationId: 'getHealth',
      summary: "The instance's health",
      description: 'Answers while the instance serves requests, with the state of each dependency beside it.',
      tags: ['Monitoring'],
      responses: {
        200: json('The instance serves requests.', healthResponseSchema),
        503: json(
          'The server is stopping (graceful shutdown has begun).',
          z.union([shuttingDownResponseSchema, apiErrorSchema]),
        ),
      },
    }),
  },
  '/metrics': {
    get: {
      ...publicOperation({
        operationId: 'getMetrics',
        summary: 'Metrics for Prometheus',
        description:
          "Prometheus's text format, for the holder of METRICS_TOKEN (sent as a bearer token). Without METRICS_TOKEN nothing is measured and this is 404.",
        tags: ['Monitoring'],
        responses: {
          200: media('The metrics.', 'text/plain', z.string().meta({ description: "Prometheus's text format." })),
          ...errors(401),
          404: {
            description:
              "Without METRICS_TOKEN: no such page, answered like any unknown one (the console's page when it is built).",
            content: {
              'text/html': { schema: z.string().meta({ description: "The console's page-not-found." }) },
              'application/json': { schema: apiErrorSchema },
            },
          },
        },
      }),
      security: [{ metricsToken: [] }],
    },
  },
};
