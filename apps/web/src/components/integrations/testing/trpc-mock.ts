import { vi } from 'vitest';

/** A failure a mocked procedure answers with, as the server's error formatter shapes it. */
export class MockTrpcError extends Error {
  constructor(
    readonly httpStatus: number,
    message: string,
  ) {
    super(message);
  }
}

const codeOf: Record<number, string> = {
  400: 'BAD_REQUEST',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  429: 'TOO_MANY_REQUESTS',
  500: 'INTERNAL_SERVER_ERROR',
  502: 'BAD_GATEWAY',
  504: 'GATEWAY_TIMEOUT',
};

/** A procedure's answer: data, or a function of the input that returns it or throws. */
export type ProcedureMock = unknown | ((input: unknown) => unknown);

/** One procedure call the fake server received. */
export type ProcedureCall = { path: string; input: unknown };

/** The fake server of {@link mockTrpc}: its calls, and the answers, which tests may change. */
export type TrpcMock = {
  calls: ProcedureCall[];
  procedures: Record<string, ProcedureMock>;
  /** The calls made to one procedure, oldest first. */
  callsTo: (path: string) => ProcedureCall[];
};

async function answer(procedures: Record<string, ProcedureMock>, path: string, input: unknown) {
  if (!(path in procedures)) {
    return { status: 404, item: errorItem(404, `No procedure ${path}`, path) };
  }
  const mock = procedures[path];
  try {
    const data = typeof mock === 'function' ? await mock(input) : mock;
    return { status: 200, item: { result: { data } } };
  } catch (error) {
    const status = error instanceof MockTrpcError ? error.httpStatus : 500;
    return { status, item: errorItem(status, (error as Error).message, path) };
  }
}

function errorItem(httpStatus: number, message: string, path: string) {
  const code = codeOf[httpStatus] ?? 'INTERNAL_SERVER_ERROR';
  return { error: { message, code: -32600, data: { code, httpStatus, path } } };
}

/**
 * Replaces `fetch` with a fake tRPC server at /trpc that answers batched queries and mutations
 * from `procedures` (keyed 'webhook.list'); a function gets the call's input. Unknown
 * procedures answer 404. Removed after each test with the other global stubs (setup.ts).
 */
export function mockTrpc(procedures: Record<string, ProcedureMock>): TrpcMock {
  const calls: ProcedureCall[] = [];
  const fake = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(input instanceof Request ? input.url : String(input), window.location.href);
    if (!url.pathname.startsWith('/trpc/')) {
      return new Response(JSON.stringify({ error: 'Not mocked' }), { status: 404 });
    }
    const paths = decodeURIComponent(url.pathname.slice('/trpc/'.length)).split(',');
    const rawInput =
      typeof init.body === 'string' ? init.body : (url.searchParams.get('input') ?? undefined);
    const inputs = (rawInput ? JSON.parse(rawInput) : {}) as Record<string, unknown>;
    const answers = await Promise.all(
      paths.map((path, index) => {
        const callInput = inputs[String(index)];
        calls.push({ path, input: callInput });
        return answer(procedures, path, callInput);
      }),
    );
    const statuses = new Set(answers.map((item) => item.status));
    const status = statuses.size === 1 ? answers[0]!.status : 207;
    return new Response(JSON.stringify(answers.map((item) => item.item)), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fake);
  return {
    calls,
    procedures,
    callsTo: (path) => calls.filter((call) => call.path === path),
  };
}

/** A procedure that never answers, to hold a view in its loading state. */
export const never = () => new Promise<never>(() => {});
