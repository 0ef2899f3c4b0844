/**
 * The HTTP path: requests per second of Flows' cheapest answers beside a bare Hono hello-world,
 * both as separate processes loaded by autocannon over real sockets, one after the other.
 */
import autocannon from 'autocannon';
import { freshDatabase, type Running, startBareHono, startFlows } from './processes';
import type { Row, Settings } from './rows';

/** Requests per second `url` answers with 2xx under autocannon's load. */
async function requestsPerSecond(
  url: string,
  settings: Settings,
  headers: Record<string, string> = {},
): Promise<number> {
  const load = { url, headers, connections: 10 };
  // Warm up first (JIT, caches, pools): the first second of any server is slower than its pace.
  await autocannon({ ...load, duration: settings.smoke ? 0.2 : 2 });
  const result = await autocannon({ ...load, duration: settings.httpSeconds });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  }
  return result.requests.average;
}

/** Registers a user with 20 tasks and returns the session cookie. */
async function userWithTasks(flows: Running): Promise<string> {
  const origin = { origin: flows.url, 'content-type': 'application/json' };
  const registered = await fetch(`${flows.url}/api/register`, {
    method: 'POST',
    headers: origin,
    body: JSON.stringify({
      username: `bench${Date.now()}`,
      email: 'bench@example.com',
      password: 'long password 1',
    }),
  });
  const cookie = registered.headers
    .getSetCookie()
    .find((header) => header.startsWith('flows_session='))
    ?.split(';')[0];
  if (registered.status !== 201 || !cookie) throw new Error(`register: ${registered.status}`);
  for (let index = 0; index < 20; index++) {
    const created = await fetch(`${flows.url}/api/tasks`, {
      method: 'POST',
      headers: { ...origin, cookie },
      body: JSON.stringify({ goal: `Bench task ${index}` }),
    });
    if (created.status !== 201) throw new Error(`create task: ${created.status}`);
  }
  return cookie;
}

export async function httpRows(settings: Settings): Promise<Row[]> {
  const database = await freshDatabase();
  const bare = await startBareHono();
  const flows = await startFlows({ DATABASE_URL: database.url });
  try {
    const cookie = await userWithTasks(flows);
    const bareRate = await requestsPerSecond(`${bare.url}/`, settings);
    const health = await requestsPerSecond(`${flows.url}/api/health`, settings);
    const templates = await requestsPerSecond(`${flows.url}/api/templates`, settings);
    // The tRPC twin right after its REST baseline: the tasks row's garbage would slow it.
    const templatesTrpc = await requestsPerSecond(`${flows.url}/trpc/template.list`, settings);
    const tasks = await requestsPerSecond(`${flows.url}/api/tasks`, settings, { cookie });
    const bareLabel = 'bare Hono hello-world';
    return [
      {
        name: 'GET /api/health req/s',
        figure: health,
        baseline: bareRate,
        baselineName: bareLabel,
        unit: 'req/s',
        budget: { atLeast: 0.25 },
      },
      {
        name: 'GET /api/templates req/s',
        figure: templates,
        baseline: bareRate,
        baselineName: bareLabel,
        unit: 'req/s',
        budget: { atLeast: 0.2 },
      },
      {
        name: 'signed-in GET /api/tasks (20 rows) req/s',
        figure: tasks,
        baseline: bareRate,
        baselineName: bareLabel,
        unit: 'req/s',
        budget: { atLeast: 0.08 },
      },
      {
        name: 'tRPC template.list req/s',
        figure: templatesTrpc,
        baseline: templates,
        baselineName: 'GET /api/templates',
        unit: 'req/s',
        budget: { atLeast: 0.9 },
      },
    ];
  } finally {
    await Promise.all([flows.stop(), bare.stop()]);
    await database.drop();
  }
}
