/**
 * The HTTP path: requests per second of Flows' cheapest answers beside a bare Hono hello-world,
 * both as separate processes loaded by autocannon over real sockets, in turns.
 */
import autocannon from 'autocannon';
import { freshDatabase, type Running, startBareHono, startFlows } from './processes';
import { pairedMedian, type Row, type Settings } from './rows';

type Target = { name: string; url: string; headers?: Record<string, string> };

/**
 * Requests per second each target answers with 2xx under autocannon's load, round by round:
 * after a warm-up of each (JIT, caches, pools: the first second of any server is slower than its
 * pace), every round loads each target once for a slice of `httpSeconds`, so that a slower moment
 * of a shared machine falls on every target of a round alike (see `pairedMedian`).
 */
async function requestsPerSecond(targets: Target[], settings: Settings): Promise<number[][]> {
  const rounds = settings.smoke ? 1 : 11;
  const load = (target: Target, duration: number) =>
    autocannon({ url: target.url, headers: target.headers ?? {}, connections: 10, duration });
  for (const target of targets) await load(target, settings.smoke ? 0.2 : 2);
  const rates: number[][] = targets.map(() => []);
  for (let round = 0; round < rounds; round++) {
    for (const [index, target] of targets.entries()) {
      const result = await load(target, settings.httpSeconds / rounds);
      if (result.non2xx > 0 || result.errors > 0) {
        throw new Error(`${target.url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
      }
      rates[index]?.push(result.requests.average);
    }
    const figures = targets.map((target, index) => `${target.name} ${rates[index]?.at(-1)}`);
    console.log(`HTTP round ${round + 1} (req/s): ${figures.join(', ')}`);
  }
  return rates;
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
    const [bareRate = [], health = [], templates = [], templatesTrpc = [], tasks = []] =
      await requestsPerSecond(
        [
          { name: 'bare Hono', url: `${bare.url}/` },
          { name: 'health', url: `${flows.url}/api/health` },
          { name: 'templates', url: `${flows.url}/api/templates` },
          { name: 'tRPC templates', url: `${flows.url}/trpc/template.list` },
          { name: 'tasks', url: `${flows.url}/api/tasks`, headers: { cookie } },
        ],
        settings,
      );
    const bareLabel = 'bare Hono hello-world';
    return [
      {
        name: 'GET /api/health req/s',
        ...pairedMedian(health, bareRate),
        baselineName: bareLabel,
        unit: 'req/s',
        budget: { atLeast: 0.25 },
      },
      {
        name: 'GET /api/templates req/s',
        ...pairedMedian(templates, bareRate),
        baselineName: bareLabel,
        unit: 'req/s',
        budget: { atLeast: 0.2 },
      },
      {
        name: 'signed-in GET /api/tasks (20 rows) req/s',
        ...pairedMedian(tasks, bareRate),
        baselineName: bareLabel,
        unit: 'req/s',
        budget: { atLeast: 0.08 },
      },
      {
        name: 'tRPC template.list req/s',
        ...pairedMedian(templatesTrpc, templates),
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
