import { vi } from 'vitest';

const codeOfStatus: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  429: 'TOO_MANY_REQUESTS',
  500: 'INTERNAL_SERVER_ERROR',
  502: 'BAD_GATEWAY',
  504: 'GATEWAY_TIMEOUT',
};

/**
 * A failure a mocked procedure throws, as the server's error formatter shapes it: the HTTP status
 * and its tRPC code (BAD_REQUEST for 400, ...) reach the client. The message defaults to the code.
 */
export class TrpcMockError extends Error {
  readonly code: string;

  constructor(
    readonly httpStatus: number,
    message?: string,
  ) {
    const code = codeOfStatus[httpStatus] ?? 'INTERNAL_SERVER_ERROR';
    super(message ?? code);
    this.code = code;
  }
}

/** A procedure answering with a function of the call's input: its data, or it throws. */
export type TrpcHandler = (input: unknown) => unknown;

/** A procedure's answer: data, or a {@link TrpcHandler}. */
export type ProcedureMock = unknown | TrpcHandler;

/** One procedure call the fake server received. */
export type ProcedureCall = { path: string; input: unknown };

/** The fake server of {@link mockTrpc}: its calls, and the answers, which tests may change. */
export type TrpcMock = {
  /** Every call, oldest first. */
  calls: ProcedureCall[];
  procedures: Record<string, ProcedureMock>;
  /** The calls made to one procedure, oldest first. */
  callsTo: (path: string) => ProcedureCall[];
};

type Answer = { status: number; item: unknown };

function errorItem(failure: TrpcMockError, path: string) {
  const { message, code, httpStatus } = failure;
  return { error: { message, code: -32600, data: { code, httpStatus, path } } };
}

async function answer(
  procedures: Record<string, ProcedureMock>,
  path: string,
  input: unknown,
): Promise<Answer> {
  try {
    if (!(path in procedures)) throw new TrpcMockError(404, `Not mocked: ${path}`);
    const mock = procedures[path];
    const data = typeof mock === 'function' ? await mock(input) : mock;
    return { status: 200, item: { result: { data } } };
  } catch (error) {
    const failure =
      error instanceof TrpcMockError ? error : new TrpcMockError(500, (error as Error).message);
    return { status: failure.httpStatus, item: errorItem(failure, path) };
  }
}

/**
 * Replaces `fetch` with a fake tRPC server at /trpc (httpBatchLink's wire format) that answers
 * queries and mutations from `procedures`, keyed by path ('webhook.list'); a function gets the
 * call's input. Unknown procedures answer NOT_FOUND, other URLs 404. setup.ts removes the fake
 * after each test.
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
      typeof init.body === 'string' && init.body
        ? init.body
        : (url.searchParams.get('input') ?? undefined);
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
