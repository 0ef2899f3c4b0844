import fc from 'fast-check';
import { bodyPayload, type FuzzWorld, fuzzBody, type Route } from './fuzz-bodies';

export type { FuzzWorld, Route };

/** The routes of an app's route table that answer requests under /api, /sites and previews. */
export function fuzzedRoutes(table: readonly Route[]): Route[] {
  const routes = table
    .filter(({ method, path }) => method !== 'ALL' && /^\/(api|sites|preview-frame)\b/.test(path))
    .map(({ method, path }) => [`${method} ${path}`, { method, path }] as const);
  return [...new Map(routes).values()];
}

const headerText = fc.string({ maxLength: 60 });

const contentType = fc.oneof(
  { weight: 10, arbitrary: fc.constantFrom('application/json', 'application/json; charset=utf-8') },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      'APPLICATION/JSON',
      'text/plain',
      'text/plain;charset=UTF-8',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/xml',
      'application/merge-patch+json',
      '*/*',
      '',
    ),
  },
  { weight: 1, arbitrary: headerText },
  { weight: 1, arbitrary: fc.constant(null) },
);

const someHeaders = fc.array(
  fc.tuple(
    fc.oneof(
      fc.constantFrom(
        'origin',
        'sec-fetch-site',
        'x-requested-with',
        'last-event-id',
        'accept',
        'x-forwarded-for',
        'forwarded',
        'authorization',
        'content-encoding',
        'accept-encoding',
        'range',
      ),
      fc.stringMatching(/^x-[a-z0-9-]{1,12}$/),
    ),
    fc.oneof(
      fc.constantFrom(
        'http://localhost',
        'https://evil.example',
        'null',
        'cross-site',
        'same-origin',
        'XMLHttpRequest',
        'gzip',
        '203.0.113.9, 10.0.0.1',
        '-1',
        '99999999999999999999',
        'Bearer x',
      ),
      headerText,
    ),
  ),
  { minLength: 1, maxLength: 4 },
);
const extraHeaders = fc.oneof(
  { weight: 3, arbitrary: fc.constant([] as [string, string][]) },
  { weight: 2, arbitrary: someHeaders },
);

const queryString = fc.oneof(
  fc
    .array(
      fc.tuple(
        fc.oneof(fc.constantFrom('after', 'lastEventId', 'batch', 'input', 'id'), headerText),
        fc.oneof(
          fc.constantFrom('0', '-1', '99999999999999999999', 'NaN', '1e3', '\u0000', 'abc'),
          fc.string({ unit: 'binary', maxLength: 30 }),
        ),
      ),
      { maxLength: 4 },
    )
    .map((pairs) =>
      pairs.length
        ? `?${pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&')}`
        : '',
    ),
  fc.constantFrom('?%', '?after=%zz', '?after=%E0%A4%A', `?after=${'9'.repeat(5000)}`),
);

/** A path segment: an existing id of the right kind, a well-formed unknown id, or junk. */
const segment = (ids: FuzzWorld['ids'], kind: string) =>
  fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom(...(ids[kind] ?? ['none'])) },
    { weight: 1, arbitrary: fc.uuid() },
    {
      weight: 2,
      arbitrary: fc.oneof(
        fc.string({ unit: 'binary', maxLength: 30 }).map(encodeURIComponent),
        fc.constantFrom('%00', '%0d%0a', '..', '%2e%2e', '%', '%zz', '%C0%AF', 'x'.repeat(5000)),
      ),
    },
  );

/** The kind of row a path's parameter names, from the path's first part. */
function kindOf(path: string): string {
  const part = path.split('/').find((p) => p && p !== 'api' && !p.startsWith(':')) ?? '';
  if (!path.startsWith('/api/')) return part === 'sites' ? 'slugs' : part;
  return part === 'flows' ? 'tasks' : part;
}

/** A concrete path for a route: its parameters filled in. */
function concretePath(route: Route, { ids }: FuzzWorld): fc.Arbitrary<string> {
  const parts = route.path.split('/').map((part): fc.Arbitrary<string> => {
    const param = /^:(\w+)(?:\{(.*)\})?$/.exec(part);
    if (!param) return fc.constant(part);
    const choices = param[2]?.split('|');
    if (choices) {
      return fc.oneof(
        { weight: 6, arbitrary: fc.constantFrom(...choices) },
        { weight: 1, arbitrary: segment(ids, 'none') },
      );
    }
    return segment(ids, kindOf(route.path));
  });
  return fc.tuple(...parts).map((filled) => filled.join('/'));
}

/** Who sends a request: nobody, the owner of the rows, the executing user, or a forged cookie. */
export type Identity = 'visitor' | 'owner' | 'executor' | 'forged';

function identities(route: Route): fc.Arbitrary<Identity> {
  // Signing in, up or out ends the session it is sent with: the fuzzing users keep theirs.
  if (/\/(login|register|logout)$/.test(route.path)) {
    return fc.constantFrom<Identity>('visitor', 'forged');
  }
  // Executes go out over the network: only the executor's items, which always reach the local
  // target, are executed; the owner's may have been pointed anywhere by a fuzzed update.
  const main: Identity = route.path.endsWith('/execute') ? 'executor' : 'owner';
  return fc.oneof(
    { weight: 4, arbitrary: fc.constant(main) },
    { weight: 1, arbitrary: fc.constantFrom<Identity>(main, 'visitor', 'forged') },
  );
}

const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'];

/** Requests for one route: mostly its own method and a body it accepts, then anything. */
export const fuzzRequest = (route: Route, world: FuzzWorld) =>
  fc.record({
    method: fc.oneof(
      { weight: 8, arbitrary: fc.constant(route.method) },
      { weight: 1, arbitrary: fc.constantFrom(...METHODS) },
    ),
    path: concretePath(route, world),
    query: fc.option(queryString, { freq: 3 }),
    identity: identities(route),
    forgedCookie: fc.oneof(
      fc.string({ maxLength: 80 }),
      fc.string({ unit: 'binary', maxLength: 80 }).map(encodeURIComponent),
      fc.constantFrom('', 'x; flows_session=y', 'a=b=c', '"quoted"', '%', 'a%zz', '%E0%A4%A'),
    ),
    contentType,
    headers: extraHeaders,
    body: fuzzBody(route, world),
  });

export type FuzzRequest = ReturnType<typeof fuzzRequest> extends fc.Arbitrary<infer T> ? T : never;

/** The Request a fuzz case stands for, or null when fetch itself refuses to build it. */
export function buildRequest(
  input: FuzzRequest,
  world: FuzzWorld,
  cookies: Record<Identity, string | undefined>,
): Request | null {
  const headers = new Headers();
  try {
    for (const [name, value] of input.headers) headers.append(name, value);
    if (input.contentType !== null) headers.set('content-type', input.contentType);
    const cookie =
      input.identity === 'forged' ? `flows_session=${input.forgedCookie}` : cookies[input.identity];
    if (cookie) headers.set('cookie', cookie);
    const withBody = !['GET', 'HEAD'].includes(input.method);
    return new Request(`http://localhost${input.path}${input.query ?? ''}`, {
      method: input.method,
      headers,
      body: withBody ? bodyPayload(input.body, world) : undefined,
    });
  } catch {
    return null;
  }
}
