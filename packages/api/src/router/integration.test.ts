import { type DatabaseHandle, users } from '@flows/db';
import { createTestDatabase } from '@flows/db/testing';
import { TRPCError } from '@trpc/server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { SessionUser } from '../context';
import { startTestTarget } from '../outbound/test-target';
import { createCaller } from '../root';
import { testContext } from '../test-context';

let handle: DatabaseHandle;
let target: Awaited<ReturnType<typeof startTestTarget>>;
let user: SessionUser;

beforeAll(async () => {
  [handle, target] = await Promise.all([createTestDatabase(), startTestTarget()]);
  const [row] = await handle.db
    .insert(users)
    .values({ username: 'caller', email: 'caller@example.com', passwordHash: 'x' })
    .returning();
  user = { id: row!.id, username: row!.username, email: row!.email, displayName: null };
});
afterAll(async () => {
  await target.close();
  await handle.close();
});

it('answers a call over the rate limit with 429 and a Retry-After header', async () => {
  const { context, headers } = testContext(handle.db, { user });
  const caller = createCaller(context);
  const integration = await caller.integration.create({
    name: 'Limited',
    baseUrl: target.url('/'),
    rateLimitConfig: { maxRequestsPerMinute: 1 },
  });
  await caller.integration.execute({ id: integration.id, endpoint: '/text' });
  expect(headers).toEqual([]);

  const refusal = await caller.integration
    .execute({ id: integration.id, endpoint: '/text' })
    .catch((error: unknown) => error);

  expect(refusal).toBeInstanceOf(TRPCError);
  expect((refusal as TRPCError).code).toBe('TOO_MANY_REQUESTS');
  expect(headers).toHaveLength(1);
  const [name, value] = headers[0]!;
  expect(name).toBe('Retry-After');
  expect(Number(value)).toBeGreaterThan(0);
});

it('answers 401 to a visitor and 404 for an integration of someone else', async () => {
  const visitor = createCaller(testContext(handle.db).context);
  const owner = createCaller(testContext(handle.db, { user }).context);
  const integration = await owner.integration.create({ name: 'Mine', baseUrl: target.url('/') });
  const other = createCaller(
    testContext(handle.db, { user: { ...user, id: crypto.randomUUID() } }).context,
  );

  const codes = await Promise.all(
    [visitor, other].map((caller) =>
      caller.integration.byId({ id: integration.id }).catch((error: TRPCError) => error.code),
    ),
  );

  expect(codes).toEqual(['UNAUTHORIZED', 'NOT_FOUND']);
});
