import { createTestDatabase } from '@flows/db/testing';
import { afterAll, beforeAll } from 'vitest';
import { createFlowFeed, type FlowFeed } from './feed';

/** A test file's database and live feed: opened before its tests, closed after them. */
export function useTestFeed() {
  const fixture = {} as {
    database: Awaited<ReturnType<typeof createTestDatabase>>;
    feed: FlowFeed;
  };
  beforeAll(async () => {
    fixture.database = await createTestDatabase();
    fixture.feed = createFlowFeed(fixture.database);
    await fixture.feed.listening();
  });
  afterAll(async () => {
    await fixture.feed.close();
    await fixture.database.close();
  });
  return fixture;
}
