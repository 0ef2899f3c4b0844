import type { Context as ApiContext } from '@flows/api';
import {
  type AnyProcedure,
  type AnyRouter,
  getErrorShape,
  getTRPCErrorFromUnknown,
} from '@trpc/server';
import { getHTTPStatusCode } from '@trpc/server/http';
import type { Context, MiddlewareHandler } from 'hono';
import { answerJson, JSON_TYPE } from './answer-json';
import type { AppEnv } from './env';
import { addAnswerHeader } from './middleware/security-headers';

export type TrpcQueryOptions = {
  router: AnyRouter;
  /** Where tRPC is mounted, such as `/trpc`. */
  endpoint: string;
  maxBatchSize: number;
  /** The procedures' context, or null to leave the request to tRPC's adapter. */
  createContext: (c: Context<AppEnv>) => ApiContext | null;
};

type Call = { path: string; procedure: AnyProcedure; input: unknown };

/**
 * GET queries, batched or not, answered over tRPC's HTTP protocol with tRPC's own pieces (error
 * shape, status, transformer) but without its fetch adapter, which builds a URL, Headers, abort
 * signals and a full web Request for every call: that costs more than most queries (issue 19).
 * Anything else (mutations, subscriptions, streamed batches, input that is not JSON, a request
 * with a body type) goes on to the adapter, the one complete implementation.
 */
export function trpcQueries({
  router,
  endpoint,
  maxBatchSize,
  createContext,
}: TrpcQueryOptions): MiddlewareHandler<AppEnv> {
  const config = router._def._config;
  const prefix = `${endpoint}/`;
  const deserialize = (input: unknown) =>
    input === undefined ? undefined : config.transformer.input.deserialize(input);

  /** The calls a plain GET of queries makes, or null when the adapter should answer. */
  function queryCalls(c: Context<AppEnv>, batch: boolean): Call[] | null {
    if (c.req.method !== 'GET' || !c.req.path.startsWith(prefix)) return null;
    if (c.req.header('content-type') !== undefined) return null;
    if (c.req.header('trpc-accept') !== undefined || c.req.header('accept')?.includes('jsonl')) {
      return null;
    }
    let path: string;
    try {
      path = decodeURIComponent(c.req.path.slice(prefix.length));
    } catch {
      return null;
    }
    const paths = batch ? path.split(',') : [path];
    if (paths.length > maxBatchSize) return null;
    const procedures = paths.map(
      (path) => router._def.procedures[path] as AnyProcedure | undefined,
    );
    if (procedures.some((procedure) => procedure?._def.type !== 'query')) return null;
    const text = c.req.query('input');
    let inputs: unknown;
    try {
      inputs = text ? JSON.parse(text) : undefined;
    } catch {
      return null;
    }
    if (!batch) {
      return [{ path, procedure: procedures[0] as AnyProcedure, input: deserialize(inputs) }];
    }
    const isObject = typeof inputs === 'object' && inputs !== null && !Array.isArray(inputs);
    if (inputs !== undefined && !isObject) return null;
    const byIndex = (inputs ?? {}) as Record<string, unknown>;
    return paths.map((path, index) => ({
      path,
      procedure: procedures[index] as AnyProcedure,
      input: deserialize(byIndex[index]),
    }));
  }

  async function answer({ path, procedure, input }: Call, batchIndex: number, ctx: ApiContext) {
    try {
      const data = await procedure({
        path,
        getRawInput: async () => input,
        ctx,
        type: 'query',
        signal: undefined,
        batchIndex,
      });
      return { result: { data } };
    } catch (cause) {
      const error = getTRPCErrorFromUnknown(cause);
      return { error: getErrorShape({ config, error, type: 'query', path, input, ctx }) };
    }
  }

  return async (c, next) => {
    const batch = c.req.query('batch') === '1';
    const calls = queryCalls(c, batch);
    const ctx = calls && createContext(c);
    if (!calls || !ctx) return next();
    const answers = batch
      ? await Promise.all(calls.map((call, index) => answer(call, index, ctx)))
      : [await answer(calls[0] as Call, 0, ctx)];
    const failed = answers.some((answer) => 'error' in answer);
    const status = failed ? (getHTTPStatusCode(answers as never) as 400) : 200;
    // What transformTRPCResponse does, without its object spreads (a tenth of the call's time).
    const { serialize } = config.transformer.output;
    // Each answer's data as answerJson gives it (a kept answer's text is reused).
    const wire = answers.map((answer) => {
      if ('error' in answer) return JSON.stringify({ error: serialize(answer.error) });
      const data = answerJson(serialize(answer.result.data));
      return data === undefined ? '{"result":{}}' : `{"result":{"data":${data}}}`;
    });
    // tRPC's Vary, added apart: a second header of the answer's own would cost a Headers object.
    addAnswerHeader(c, 'Vary', 'trpc-accept, accept');
    return c.body(batch ? `[${wire.join(',')}]` : wire[0]!, status, JSON_TYPE);
  };
}
