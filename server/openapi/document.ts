/**
 * The API as an OpenAPI 3.1 contract, generated from the same zod schemas the routes parse their
 * input with (`src/shared/schemas`) and the schemas of their answers (`src/shared/schemas/responses`).
 * Served at `/api/openapi.json` and rendered at `/api/docs`; the API tests check every answer
 * they receive against it (`answer-check.ts`).
 */
import { createDocument, type oas31 } from 'zod-openapi';
import { accountPaths } from './paths/accounts';
import { billingPaths } from './paths/billing';
import { changelogPaths } from './paths/changelog';
import { inboxPaths } from './paths/inbox';
import { integrationPaths } from './paths/integrations';
import { monitoringPaths } from './paths/monitoring';
import { referencePaths } from './paths/reference';
import { serverSettingsPaths } from './paths/server-settings';
import { teamPaths } from './paths/teams';
import { ssoPaths } from './paths/sso';
import { widgetPaths } from './paths/widgets';

export type OpenApiDocument = oas31.OpenAPIObject;

/** The reference's sections, in the order an owner meets them. */
const TAGS = [
  { name: 'Account', description: "Sign-up, login, the e-mailed links and the owner's own account." },
  { name: 'Teams', description: 'Workspaces, their members and roles, invitations, and the activity log.' },
  { name: 'Billing', description: 'Plans, their limits and the subscription (Stripe, or the built-in test mode).' },
  { name: 'Widgets', description: "The owner's widgets and the sites they run on." },
  { name: 'Feedback', description: 'The inbox: entries, their threads, triage and export.' },
  { name: 'News', description: 'Posts the widget shows its visitors.' },
  { name: 'Dashboard', description: 'Summaries across the account.' },
  { name: 'Notifications', description: 'E-mail alerts and their unsubscribe link.' },
  { name: 'Webhooks', description: 'Endpoints told of new feedback and published posts, and their delivery logs.' },
  { name: 'Events', description: "The owner's live event stream." },
  { name: 'Public widget', description: "What visitors' browsers call, cross-origin, and the script itself." },
  { name: 'Early access', description: 'The early-access list of the rebrand page.' },
  { name: 'Monitoring', description: 'For load balancers and monitors.' },
  { name: 'Reference', description: 'This document and its rendered reference.' },
];

export function createOpenApiDocument(): OpenApiDocument {
  const document = createDocument({
    openapi: '3.1.0',
    info: {
      title: 'Tellbox API',
      version: '1',
      description:
        'Anonymous visitor feedback and news posts for any website. JSON in and out under `/api`; every error answers `{ message, issues? }`. The rules every endpoint follows are in docs/api-conventions.md.',
    },
    components: {
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          description: 'The token `POST /api/auth/login` returns, valid 30 days.',
        },
        metricsToken: {
          type: 'http',
          scheme: 'bearer',
          description: 'METRICS_TOKEN, as Prometheus sends it; `/metrics` takes nothing else.',
        },
      },
    },
    tags: TAGS,
    paths: {
      ...accountPaths,
      ...ssoPaths,
      ...billingPaths,
      ...widgetPaths,
      ...changelogPaths,
      ...inboxPaths,
      ...integrationPaths,
      ...monitoringPaths,
      ...referencePaths,
      ...serverSettingsPaths,
      ...teamPaths,
    },
  });
  return document as OpenApiDocument;
}

let built: OpenApiDocument | undefined;

/** The document, made once per process (the route-access check reads it on every owner request). */
export function openApiDocument(): OpenApiDocument {
  built ??= createOpenApiDocument();
  return built;
}
