import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentedRoutes, openApiDocument } from '../src/openapi';
import { pathParams, restTable } from '../src/rest-table';
import { createTestApp, json } from './harness';

type Schema = Record<string, unknown>;
type Operation = {
  operationId: string;
  parameters?: { name: string; in: string; required: boolean; schema: Schema }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
};
type Document = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, Schema>; schemas: Record<string, Schema> };
};

let harness: Awaited<ReturnType<typeof createTestApp>>;
let served: Document;

beforeAll(async () => {
  harness = await createTestApp();
  const response = await harness.app.request('/api/openapi.json');
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  served = await json<Document>(response);
});
afterAll(() => harness.close());

const operation = (path: string, method: string) => served.paths[path]![method]!;

describe('the OpenAPI document', () => {
  it('is what GET /api/openapi.json serves, generated from the REST table', () => {
    expect(served).toEqual(JSON.parse(JSON.stringify(openApiDocument())));
    expect(served.openapi).toBe('3.1.0');
  });

  it('validates against the OpenAPI 3.1 schema', async () => {
    const validator = new Validator();
    const result = await validator.validate(
      structuredClone(served) as unknown as Record<string, unknown>,
    );
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');

    // The validator is no rubber stamp: a parameter in a place OpenAPI has no such thing is
    // refused.
    const broken = structuredClone(served);
    const op = broken.paths['/api/tokens/{id}']!.delete! as unknown as Record<string, unknown>;
    (op.parameters as Record<string, unknown>[])[0]!.in = 'body';
    const refused = await new Validator().validate(broken as unknown as Record<string, unknown>);
    expect(refused.valid).toBe(false);
  });

  it('describes every route the server mounts under /api, and only those (no drift)', () => {
    const mounted = [
      ...new Set(
        harness.app.routes
          .filter((route) => route.path.startsWith('/api/') && route.method !== 'ALL')
          .map((route) => `${route.method} ${route.path}`),
      ),
    ].sort();
    expect(documentedRoutes(served).sort()).toEqual(mounted);
  });

  it('gives every path parameter, every body and the error shape', () => {
    for (const row of restTable) {
      const op = operation(row.path, row.method.toLowerCase());
      const inPath = (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
      expect(inPath.sort(), `${row.method} ${row.path}`).toEqual(pathParams(row.path).sort());
      expect(op.responses[String(row.status)], `${row.method} ${row.path}`).toBeDefined();
      expect(op.responses['401']!.content!['application/json']!.schema).toEqual({
        $ref: '#/components/schemas/Error',
      });
      const body = row.procedure ? row.input?.body : row.requestType;
      expect(Boolean(op.requestBody), `${row.method} ${row.path} body`).toBe(Boolean(body));
    }
    expect(served.components.schemas.Error).toMatchObject({
      required: ['error'],
      properties: { error: { type: 'string' }, issues: { type: 'array' } },
    });
  });

  it('lists the statuses each call answers beyond its shape', () => {
    const statuses = (path: string, method: string) =>
      Object.keys(operation(path, method).responses).sort();
    expect(statuses('/api/integrations/{id}/execute', 'post')).toEqual(
      expect.arrayContaining(['404', '429', '502', '504']),
    );
    expect(statuses('/api/webhooks/{id}/execute', 'post')).toEqual(
      expect.arrayContaining(['502', '504']),
    );
    expect(statuses('/api/webhooks/{id}/execute', 'post')).not.toContain('429');
    expect(statuses('/api/flow/run', 'post')).toEqual(expect.arrayContaining(['429', '502']));
    expect(statuses('/api/flows', 'post')).toEqual(expect.arrayContaining(['404', '413', '429']));
    expect(statuses('/api/integrations', 'post')).toContain('409');
    expect(statuses('/api/websites', 'post')).toContain('404');
    expect(statuses('/api/websites/{id}/deploy', 'post')).toEqual(
      expect.arrayContaining(['404', '429', '502']),
    );
    expect(statuses('/api/tokens', 'get')).toContain('403');
    expect(statuses('/api/templates', 'get')).toEqual(['200', '401', '500']);
  });

  it("takes request bodies and parameters from the procedures' zod schemas", () => {
    const create = operation('/api/tokens', 'post');
    expect(create.requestBody!.content['application/json']!.schema).toMatchObject({
      type: 'object',
      properties: { name: { type: 'string', minLength: 1, maxLength: 64 } },
      required: ['name'],
    });
    // The created token's answer is the procedure's output schema, `token` included.
    expect(create.responses['201']!.content!['application/json']!.schema).toMatchObject({
      required: expect.arrayContaining(['id', 'name', 'token', 'createdAt', 'expiresAt']),
    });
    // Fields the path supplies are not asked for in the body.
    const update = operation('/api/webhooks/{id}', 'put');
    const body = update.requestBody!.content['application/json']!.schema;
    expect(body.properties).not.toHaveProperty('id');
    expect(body.properties).toHaveProperty('url');
    const steps = operation('/api/tasks/{id}/steps', 'get');
    expect(steps.parameters).toContainEqual(
      expect.objectContaining({ name: 'after', in: 'query', schema: expect.any(Object) }),
    );
  });

  it('describes the live feed as Server-Sent Events with Last-Event-ID', () => {
    const feed = operation('/api/tasks/{id}/events', 'get');
    expect(Object.keys(feed.responses['200']!.content!)).toEqual(['text/event-stream']);
    expect(feed.parameters).toContainEqual(
      expect.objectContaining({ name: 'last-event-id', in: 'header' }),
    );
  });

  it('names both ways to sign in: the session cookie and a bearer token', () => {
    expect(served.components.securitySchemes).toEqual({
      sessionCookie: expect.objectContaining({
        type: 'apiKey',
        in: 'cookie',
        name: 'flows_session',
      }),
      bearerToken: expect.objectContaining({ type: 'http', scheme: 'bearer' }),
    });
  });

  it('has unique operation ids', () => {
    const ids = Object.values(served.paths).flatMap((item) =>
      Object.values(item).map((op) => op.operationId),
    );
    expect(new Set(ids).size).toBe(ids.length);
  });
});
