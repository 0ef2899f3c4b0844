import { readFile } from 'node:fs/promises';
import { appRouter } from '@flows/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withRestPaths } from '../src/rest-readme';
import { honoPath, pathParams, restTable } from '../src/rest-table';
import { createTestApp } from './harness';

let harness: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  harness = await createTestApp();
});
afterAll(() => harness.close());

const procedures = appRouter._def.procedures as unknown as Record<
  string,
  { _def: { type: 'query' | 'mutation' | 'subscription'; inputs: unknown[] } }
>;

describe('the REST table', () => {
  it('is what README.md lists (pnpm --filter @flows/server readme:paths writes it)', async () => {
    const readme = await readFile(new URL('../../../README.md', import.meta.url), 'utf8');
    expect(readme).toBe(withRestPaths(readme));
  });

  it('is what the app mounts under /api, one route per row', () => {
    const mounted = new Set(
      harness.app.routes
        .filter((route) => route.path.startsWith('/api/') && route.method !== 'ALL')
        .map((route) => `${route.method} ${route.path}`),
    );
    const rows = restTable.map((row) => `${row.method} ${honoPath(row.path)}`);
    expect(new Set(rows).size).toBe(rows.length);
    expect([...mounted].sort()).toEqual([...rows].sort());
  });

  it.each(restTable.map((row) => [`${row.method} ${row.path}`, row] as const))(
    '%s maps every path parameter and calls a procedure of the router, if any',
    (_name, row) => {
      const mapping = row.procedure ? row.input : undefined;
      expect(Object.keys(mapping?.path ?? {}).sort()).toEqual(pathParams(row.path).sort());
      if (!row.procedure) return;
      const procedure = procedures[row.procedure];
      expect(procedure, row.procedure).toBeDefined();
      const { type, inputs } = procedure!._def;
      // A streamed answer (Server-Sent Events) comes from a subscription, whatever the method.
      const streamed = row.contentType === 'text/event-stream';
      expect(type).toBe(streamed ? 'subscription' : row.method === 'GET' ? 'query' : 'mutation');
      // What the request maps is validated by the procedure's own zod schema.
      if (mapping) expect(inputs.length).toBeGreaterThan(0);
    },
  );
});
