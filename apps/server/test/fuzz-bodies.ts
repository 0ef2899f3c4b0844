import fc from 'fast-check';

/** One route of the app, as its route table names it (`/api/webhooks/:id`). */
export type Route = { method: string; path: string };

/** What requests are made against: rows that exist, by kind, and the local services. */
export type FuzzWorld = { ids: Record<string, string[]>; targetUrl: string; modelUrl: string };

/** A value spliced into a body as text, so fast-check never holds (or prints) a huge value. */
type Piece = { valid: number } | { json: unknown } | { deep: number } | { long: number };

/** Values each known field takes: valid ones first, then ones each contract refuses. */
const fieldValues = ({ targetUrl, modelUrl }: FuzzWorld): Record<string, unknown[]> => ({
  name: ['Fuzzed', 'Owned', '', ' ', 'x'.repeat(101)],
  url: [
    `${targetUrl}/x`,
    'https://example.com/a?token=abc',
    'http://u:p@10.0.0.1/',
    'ftp://x',
    'nope',
  ],
  baseUrl: [targetUrl, 'https://example.org', 'http://[::1]/', 'javascript:alert(1)'],
  method: ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'get', 'TRACE'],
  headers: ['{}', '{"X-Api-Key":"k"}', { Accept: 'text/plain' }, { 'Bad Name': 'x' }, '[1]', '{'],
  authType: ['none', 'basic', 'bearer', 'custom', 'apiKey', 'oauth', 'magic'],
  authUser: ['user', null],
  authPassword: ['secret', '********', ''],
  authToken: ['tok', '********', null],
  signingSecret: ['whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 'short'],
  authConfig: ['{"token":"t"}', { apiKey: '********' }, '{"tokenKey":"X-K","apiKey":"k"}', ''],
  rateLimitConfig: ['{"maxRequestsPerMinute":1000}', { maxRequestsPerHour: 0 }, '{}'],
  timeout: [1000, '5000', 0, -1, 1e12, 'soon'],
  description: ['About it', null, 'x'.repeat(1001)],
  payload: [{ event: 'fuzz' }, [], 'text', null],
  data: [{ a: 1 }, [1, 2], 'raw'],
  params: [{ q: 'x', list: [1, 2] }, '{"q":1}', 'q=1'],
  endpoint: [
    '/echo',
    '/deep',
    '?q=1',
    `${targetUrl}/abs`,
    'https://elsewhere.example/x',
    '',
    '//x',
  ],
  goal: ['Write a haiku', '', '   ', 'a\u0000b', 'x'.repeat(20_001)],
  auto: [true, false, 'yes'],
  provider: ['lmstudio', 'openai', 'aiml', 'runpod', 'huggingface', 'huggingface-free', 'x'],
  model: ['local-model', ''],
  temperature: [0, 0.7, 1, 2, '0.5'],
  apiKey: ['sk-fuzz', ''],
  endpointUrl: [modelUrl, 'http://169.254.169.254/'],
  websiteId: ['00000000-0000-4000-8000-000000000000', 'nope', null],
  html: ['<!doctype html><p>hi</p>', ''],
  siteId: ['nope', ''],
  hosting: ['local', 'netlify', 'ftp'],
  username: ['fuzz_user', 'fuzz_owner', 'ab', 'bad name!'],
  email: ['fuzz@example.com', 'fuzz_owner@example.com', 'not-an-email'],
  password: ['long password 1', 'short', ''],
  displayName: ['Fuzz', null, 'x'.repeat(65)],
  type: ['thinking', 'action', 'result', 'subtask', 'other'],
  content: ['A step', '', '\u0000'],
  input: [{ prompt: 'Hello' }, { prompt: '', temperature: 5 }, { prompt: 'Hi', model: 'm' }, 'x'],
  taskId: ['nope', '00000000-0000-4000-8000-000000000000'],
  userId: [null, 'someone'],
  id: ['nope'],
});
const FIELD_NAMES = Object.keys(fieldValues({ ids: {}, targetUrl: '', modelUrl: '' }));

const piece: fc.Arbitrary<Piece> = fc.oneof(
  { weight: 6, arbitrary: fc.nat().map((valid) => ({ valid })) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((json) => ({ json })) },
  {
    weight: 1,
    arbitrary: fc
      .oneof(fc.string({ unit: 'binary', maxLength: 40 }), fc.constantFrom('\ud800', 'a\udfffb'))
      .map((json) => ({ json })),
  },
  { weight: 1, arbitrary: fc.integer({ min: 20, max: 150_000 }).map((deep) => ({ deep })) },
  { weight: 1, arbitrary: fc.integer({ min: 1_000, max: 300_000 }).map((long) => ({ long })) },
);

const fieldName = fc.oneof(
  { weight: 9, arbitrary: fc.constantFrom(...FIELD_NAMES) },
  { weight: 1, arbitrary: fc.constantFrom('__proto__', 'constructor', '') },
  { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
);

/** A body each route accepts, so fuzzed fields also reach the code behind validation. */
function validBodies({ ids }: FuzzWorld): Record<string, Record<string, unknown>> {
  return {
    'POST /api/webhooks': { name: 'Fuzzed', url: 'https://example.com/hook' },
    'PUT /api/webhooks/:id': { description: 'Updated' },
    'POST /api/webhooks/:id/execute': { event: 'fuzz' },
    'POST /api/integrations': { name: 'Fuzzed API', baseUrl: 'https://example.com' },
    'PUT /api/integrations/:id': { description: 'Updated' },
    'POST /api/integrations/:id/execute': { endpoint: '/echo', method: 'POST', data: { a: 1 } },
    'POST /api/tasks': { goal: 'Fuzzed goal' },
    'POST /api/tasks/:id/steps': { type: 'result', content: 'A step' },
    'POST /api/flow/run': { input: { prompt: 'Hello' } },
    'POST /api/flows': { goal: 'Fuzzed run', auto: false },
    'POST /api/flows/:taskId/auto': { auto: false },
    'POST /api/websites': { name: 'Site', html: '<p>x</p>' },
    'POST /api/websites/:id/deploy': { siteId: ids.sites?.[0] },
    'POST /api/local/sites': { name: 'Fuzz site' },
    'POST /api/netlify/sites': { name: 'Fuzz site' },
    'POST /api/register': {
      username: 'fuzz_new',
      email: 'fuzz_new@example.com',
      password: 'long password 1',
    },
    'POST /api/login': { username: 'fuzz_owner', password: 'long password 1' },
  };
}

/** A request body as fast-check generates it: small, printable, turned into bytes later. */
export type Body =
  | { kind: 'object'; base: string | null; fields: [string, Piece][] }
  | { kind: 'json'; value: unknown }
  | { kind: 'text'; text: string }
  | { kind: 'deep'; levels: number }
  | { kind: 'huge'; bytes: number }
  | { kind: 'bytes'; bytes: Uint8Array }
  | { kind: 'none' };

/** Bodies for a route: mostly its valid body with fields added or replaced, or anything. */
export const fuzzBody = (route: Route, world: FuzzWorld): fc.Arbitrary<Body> => {
  const own = `${route.method} ${route.path}`;
  const base = fc.oneof(
    { weight: 4, arbitrary: fc.constant(own) },
    { weight: 1, arbitrary: fc.constant(null) },
    { weight: 1, arbitrary: fc.constantFrom(...Object.keys(validBodies(world))) },
  );
  return fc.oneof(
    {
      weight: 12,
      arbitrary: fc
        .record({ base, fields: fc.array(fc.tuple(fieldName, piece), { maxLength: 5 }) })
        .map(({ base, fields }) => ({ kind: 'object' as const, base, fields })),
    },
    {
      weight: 1,
      arbitrary: fc.jsonValue({ maxDepth: 3 }).map((value) => ({ kind: 'json' as const, value })),
    },
    {
      weight: 1,
      arbitrary: fc
        .oneof(
          fc.string({ unit: 'binary', maxLength: 200 }),
          fc.constantFrom('{', '{"a":', 'null', '[]', '""', '0', 'goal=x&name=y'),
        )
        .map((text) => ({ kind: 'text' as const, text })),
    },
    {
      weight: 1,
      arbitrary: fc
        .integer({ min: 1, max: 600_000 })
        .map((levels) => ({ kind: 'deep' as const, levels })),
    },
    {
      weight: 1,
      arbitrary: fc
        .integer({ min: 1_000_000, max: 1_200_000 })
        .map((bytes) => ({ kind: 'huge' as const, bytes })),
    },
    {
      weight: 1,
      arbitrary: fc
        .uint8Array({ maxLength: 64 })
        .map((bytes) => ({ kind: 'bytes' as const, bytes })),
    },
    { weight: 1, arbitrary: fc.constant({ kind: 'none' as const }) },
  );
};

const nestedObjectText = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;

/** The JSON text of one piece for the field `name`. */
function pieceText(name: string, value: Piece, world: FuzzWorld): string {
  if ('valid' in value) {
    const values = fieldValues(world);
    const choices = values[name] ?? values.name!;
    return JSON.stringify(choices[value.valid % choices.length]) ?? 'null';
  }
  if ('json' in value) return JSON.stringify(value.json) ?? 'null';
  if ('deep' in value) return nestedObjectText(value.deep);
  return JSON.stringify('x'.repeat(value.long));
}

/** The bytes a body is sent as. */
export function bodyPayload(value: Body, world: FuzzWorld): string | Uint8Array | undefined {
  switch (value.kind) {
    case 'object': {
      const base = Object.entries((value.base && validBodies(world)[value.base]) || {});
      // Later duplicates win when the server parses the text, so fields replace the base's.
      const fields = [
        ...base.map(([name, v]) => `${JSON.stringify(name)}:${JSON.stringify(v) ?? 'null'}`),
        ...value.fields.map(([name, v]) => `${JSON.stringify(name)}:${pieceText(name, v, world)}`),
      ];
      return `{${fields.join(',')}}`;
    }
    case 'json':
      return JSON.stringify(value.value) ?? '';
    case 'text':
      return value.text;
    case 'deep':
      return `${'['.repeat(value.levels)}${']'.repeat(value.levels)}`;
    case 'huge':
      return `{"goal":"${'x'.repeat(value.bytes)}"}`;
    case 'bytes':
      return value.bytes;
    case 'none':
      return undefined;
  }
}
