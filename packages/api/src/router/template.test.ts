import { seedTemplates } from '@flows/db';
import { createTestDatabase } from '@flows/db/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createCaller } from '../root';
import { testContext } from '../test-context';

let handle: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  handle = await createTestDatabase();
  await seedTemplates(handle.db);
});
afterAll(() => handle.close());

it('lists the seeded templates with exactly id, name, description and prompt', async () => {
  const caller = createCaller(testContext(handle.db).context);
  const list = await caller.template.list();
  expect(list.map((template) => template.name)).toContain('Research Assistant');
  for (const template of list) {
    expect(Object.keys(template).sort()).toEqual(['description', 'id', 'name', 'prompt']);
    expect(template.prompt.length).toBeGreaterThan(0);
  }
});
