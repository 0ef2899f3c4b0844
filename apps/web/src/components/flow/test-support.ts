import { createFlowState, type FlowTask } from '@flows/engine';
import { vi } from 'vitest';
import type { FeedStep, FlowRunView } from './types';

/** A tRPC error a mocked procedure throws: its code and HTTP status reach the client. */
export class TrpcMockError extends Error {
  constructor(
    readonly code: string,
    readonly httpStatus: number,
    message = code,
  ) {
    super(message);
  }
}

/** A mocked procedure: gets the call's input, returns its data or throws a TrpcMockError. */
export type TrpcHandler = (input: unknown) => unknown | Promise<unknown>;

/** One procedure call the mock received. */
export type TrpcCall = { path: string; input: unknown };

function parseInputs(url: URL, body: unknown): Record<string, unknown> {
  if (body && typeof body === 'object') return body as Record<string, unknown>;
  const raw = url.searchParams.get('input');
  return raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
}

/**
 * Replaces `fetch` with a fake tRPC server (httpBatchLink's wire format): `handlers` are keyed by
 * procedure path ('flow.start'); unknown procedures answer NOT_FOUND, other URLs 404. Returns the
 * calls made. setup.ts removes the fake after each test.
 */
export function mockTrpc(handlers: Record<string, TrpcHandler>) {
  const calls: TrpcCall[] = [];
  const fake = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(input instanceof Request ? input.url : String(input), window.location.href);
    if (!url.pathname.startsWith('/trpc/')) {
      return new Response(JSON.stringify({ error: 'Not mocked' }), { status: 404 });
    }
    const paths = decodeURIComponent(url.pathname.slice('/trpc/'.length)).split(',');
    const body = typeof init.body === 'string' && init.body ? JSON.parse(init.body) : undefined;
    const inputs = parseInputs(url, body);
    let status = 200;
    const results = await Promise.all(
      paths.map(async (path, index) => {
        const callInput = inputs[String(index)];
        calls.push({ path, input: callInput });
        try {
          const handler = handlers[path];
          if (!handler) throw new TrpcMockError('NOT_FOUND', 404, `Not mocked: ${path}`);
          return { result: { data: await handler(callInput) } };
        } catch (error) {
          const failure =
            error instanceof TrpcMockError
              ? error
              : new TrpcMockError('INTERNAL_SERVER_ERROR', 500, String(error));
          status = paths.length === 1 ? failure.httpStatus : 207;
          return {
            error: {
              message: failure.message,
              code: -32000,
              data: { code: failure.code, httpStatus: failure.httpStatus, path },
            },
          };
        }
      }),
    );
    return new Response(JSON.stringify(results), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fake);
  return calls;
}

/**
 * A stand-in for the browser's EventSource (jsdom has none), speaking tRPC's server-sent events:
 * `connect()` opens the subscription, `send()` delivers an event (with an id: a tracked one),
 * `fail()` ends it with a tRPC error.
 */
export class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  readonly CONNECTING = 0;
  readonly OPEN = 1;
  readonly CLOSED = 2;
  /** Every source created since `install()`, newest last. */
  static instances: FakeEventSource[] = [];
  readyState = 0;
  readonly url: string;

  constructor(url: string | URL) {
    super();
    this.url = String(url);
    FakeEventSource.instances.push(this);
  }

  /** Installs the fake as `EventSource` for the current test. */
  static install() {
    FakeEventSource.instances = [];
    vi.stubGlobal('EventSource', FakeEventSource);
  }

  /** The newest source that is not closed. */
  static latest(): FakeEventSource | undefined {
    return FakeEventSource.instances.filter((source) => source.readyState !== 2).at(-1);
  }

  /** The subscription's input, read from the URL. */
  get input(): unknown {
    const raw = new URL(this.url, window.location.href).searchParams.get('input');
    return raw ? JSON.parse(raw) : undefined;
  }

  connect() {
    this.readyState = 1;
    this.dispatchEvent(new MessageEvent('connected', { data: '{}' }));
  }

  send(data: unknown, id?: string) {
    this.dispatchEvent(
      new MessageEvent('message', { data: JSON.stringify(data), lastEventId: id ?? '' }),
    );
  }

  fail(code: string, httpStatus: number) {
    this.dispatchEvent(
      new MessageEvent('serialized-error', {
        data: JSON.stringify({ message: code, code: -32000, data: { code, httpStatus } }),
      }),
    );
  }

  close() {
    this.readyState = 2;
  }
}

/** The task id the test runs use. */
export const TEST_TASK_ID = '3f0c2a52-8d43-4c59-9d7a-3f1b4f5c6e01';

/** A run's state for tests: an idle run of TEST_TASK_ID with the given fields replaced. */
export function runView(overrides: Partial<FlowRunView> = {}): FlowRunView {
  // Server-side bookkeeping the workspace does not read.
  const bookkeeping = { pendingWork: 0 };
  return { ...bookkeeping, ...createFlowState(), taskId: TEST_TASK_ID, lastSeq: 0, ...overrides };
}

/** A stored feed step for tests (not an error unless `overrides` say so). */
export function feedStep(
  seq: number,
  type: FeedStep['type'],
  content: string,
  overrides: Partial<FeedStep> = {},
): FeedStep {
  const timestamp = '2025-03-04T15:07:09.000Z';
  return { id: `step-${seq}`, seq, type, content, timestamp, error: false, ...overrides };
}

/** A task of a run's list for tests. */
export function flowTask(description: string, overrides: Partial<FlowTask> = {}): FlowTask {
  return { description, completed: false, result: '', failed: false, ...overrides };
}

/** Gives jsdom the `document.fonts` that Mantine's autosizing Textarea listens to. */
export function stubDocumentFonts() {
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', { configurable: true, value: new EventTarget() });
  }
}
