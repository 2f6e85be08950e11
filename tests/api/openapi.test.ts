/**
 * The OpenAPI document (server/openapi) held to the app: every route the app answers is documented
 * and every documented operation is a route; the document is valid OpenAPI 3.1 as far as ajv and
 * its references can tell; it is served at /api/openapi.json and rendered at /api/docs from this
 * server's own files. (Every answer the other API suites receive is checked against it by
 * tests/helpers/api-client.ts.)
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createOpenApiDocument } from '../../server/openapi/document';
import { HTTP_METHODS } from '../../server/openapi/match-operation';
import { createSchemaValidator } from '../../server/openapi/schema-validator';
import { createApiClient, type ApiClient } from '../helpers/api-client';
import { startTestServer, type TestServer } from '../helpers/start-server';

const document = createOpenApiDocument();

let dir: string;
let server: TestServer;
let api: ApiClient;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tellbox-openapi-'));
  const widgetFile = path.join(dir, 'widget.js');
  await fs.writeFile(widgetFile, 'console.log("widget");\n');
  // No console build: its pages (`/{*splat}`) are the static site's, outside the API's contract.
  // A metrics token, so `/metrics` is one of the routes.
  server = await startTestServer({
    staticPaths: { rendererDir: path.join(dir, 'no-renderer'), widgetFile },
    env: { METRICS_TOKEN: 'openapi-test-metrics-token' },
  });
  api = createApiClient(server.url);
});
afterAll(async () => {
  await server.close();
  await fs.rm(dir, { recursive: true, force: true });
});

/** `METHOD /path/{param}` for every operation of the document. */
function documentedOperations(): Set<string> {
  const operations = new Set<string>();
  for (const [template, item] of Object.entries(document.paths ?? {})) {
    for (const method of HTTP_METHODS) {
      if (item[method]) operations.add(`${method.toUpperCase()} ${template}`);
    }
  }
  return operations;
}

/** `METHOD /path/{param}` for every route of the running app, Express's `:param` written as OpenAPI's. */
function appOperations(): Set<string> {
  return new Set(server.routes().map(({ method, path: p }) => `${method} ${p.replace(/:(\w+)/g, '{$1}')}`));
}

/** Every object in `value` with its JSON pointer, depth first. */
function* walk(value: unknown, pointer = ''): Generator<[string, Record<string, unknown>]> {
  if (typeof value !== 'object' || value === null) return;
  if (!Array.isArray(value)) yield [pointer, value as Record<string, unknown>];
  for (const [key, child] of Object.entries(value)) {
    yield* walk(child, `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`);
  }
}

function resolvePointer(pointer: string): unknown {
  let node: unknown = document;
  for (const raw of pointer.split('/').slice(1)) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (typeof node !== 'object' || node === null || !(key in node)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

describe('the document and the app', () => {
  test('every route the app answers is documented', () => {
    const documented = documentedOperations();
    const missing = [...appOperations()].filter((operation) => !documented.has(operation));
    expect(missing, 'routes the document leaves out').toEqual([]);
  });

  test('every documented operation is a route the app answers', () => {
    const routes = appOperations();
    const extra = [...documentedOperations()].filter((operation) => !routes.has(operation));
    expect(extra, 'operations no route answers').toEqual([]);
  });
});

describe('the document is valid OpenAPI 3.1', () => {
  test('every operation has a unique operationId, its security, its path parameters and a default error', () => {
    const problems: string[] = [];
    const ids = new Set<string>();
    for (const [template, item] of Object.entries(document.paths ?? {})) {
      for (const method of HTTP_METHODS) {
        const operation = item[method];
        if (!operation) continue;
        const name = `${method.toUpperCase()} ${template}`;
        const id = operation.operationId;
        if (!id) problems.push(`${name}: no operationId`);
        else if (ids.has(id)) problems.push(`${name}: operationId ${id} is used twice`);
        else ids.add(id);
        if (!operation.security) problems.push(`${name}: no security`);
        if (!operation.responses?.default) problems.push(`${name}: no default (error) answer`);
        const declared = new Set(
          (operation.parameters ?? []).flatMap((p) => ('in' in p && p.in === 'path' && p.required ? [p.name] : [])),
        );
        for (const [, param] of template.matchAll(/\{(\w+)\}/g)) {
          if (!declared.has(param ?? '')) problems.push(`${name}: path parameter ${param} is not declared`);
        }
      }
    }
    expect(document.openapi).toBe('3.1.0');
    expect(problems).toEqual([]);
  });

  test('every $ref resolves', () => {
    const broken = [...walk(document)]
      .map(([pointer, node]) => [pointer, node.$ref] as const)
      .filter(
        ([, ref]) => typeof ref === 'string' && (!ref.startsWith('#/') || resolvePointer(ref.slice(1)) === undefined),
      )
      .map(([pointer, ref]) => `${pointer}: ${String(ref)}`);
    expect(broken).toEqual([]);
  });

  test('ajv (JSON Schema 2020-12, strict) compiles every schema', () => {
    const validator = createSchemaValidator(document);
    const schemas = [...walk(document)].flatMap(([pointer, node]) =>
      typeof node.schema === 'object' && node.schema !== null ? [[`${pointer}/schema`, node.schema] as const] : [],
    );
    const components = Object.entries(document.components?.schemas ?? {}).map(
      ([name, schema]) => [`/components/schemas/${name}`, schema] as const,
    );
    expect(schemas.length).toBeGreaterThan(100);
    const failures = [...schemas, ...components].flatMap(([pointer, schema]) => {
      try {
        validator.validatorFor(schema);
        return [];
      } catch (error) {
        return [`${pointer}: ${(error as Error).message}`];
      }
    });
    expect(failures).toEqual([]);
  });
});

describe('GET /api/openapi.json', () => {
  test('serves the document to anyone, revalidated by its ETag', async () => {
    const response = await api.get('/api/openapi.json');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.body).toEqual(JSON.parse(JSON.stringify(document)));
    const etag = response.headers.get('etag') ?? '';
    expect(etag).not.toBe('');
    const again = await api.get('/api/openapi.json', { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
  });
});

describe('GET /api/docs', () => {
  test('renders the reference from this server only: a CSP that allows its own script and style and nothing else', async () => {
    const response = await api.get('/api/docs');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe');
    expect(response.text).not.toMatch(/<script>|https?:\/\//);
  });

  test('every file the page loads is served by this server, with its type', async () => {
    const page = (await api.get('/api/docs')).text;
    const files = [...page.matchAll(/(?:src|href)="([^"]+)"/g)].map(([, file]) => file ?? '');
    expect(files).toEqual([
      '/api/docs/swagger-ui.css',
      '/api/docs/tellbox-reference.css',
      '/api/docs/favicon-32x32.png',
      '/api/docs/swagger-ui-bundle.js',
      '/api/docs/tellbox-reference.js',
    ]);
    const types = await Promise.all(
      files.map(async (file) => {
        const response = await api.get(file);
        return `${response.status} ${response.headers.get('content-type')?.split(';')[0]}`;
      }),
    );
    expect(types).toEqual([
      '200 text/css',
      '200 text/css',
      '200 image/png',
      '200 text/javascript',
      '200 text/javascript',
    ]);
    expect((await api.get('/api/docs/tellbox-reference.js')).text).toContain("url: '/api/openapi.json'");
  });

  test('serves nothing else of the package', async () => {
    const response = await api.get('/api/docs/package.json');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ message: 'Not found' });
  });
});
