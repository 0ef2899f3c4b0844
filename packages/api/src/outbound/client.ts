import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { STATUS_CODES } from 'node:http';
import { isIP, type LookupFunction } from 'node:net';
import { Agent, request } from 'undici';
import { type AddressPolicy, addressAllowed } from './address-policy';

/** Largest response body an outbound call reads by default. */
export const DEFAULT_MAX_RESPONSE_BYTES = 10 * 1024 * 1024;
const DEFAULT_MAX_REDIRECTS = 5;

export type OutboundErrorKind =
  | 'invalid_url'
  | 'refused'
  | 'dns'
  | 'timeout'
  | 'too_large'
  | 'too_many_redirects'
  | 'network';

/** Why an outbound call failed, with a message fit to show the person who made it. */
export class OutboundError extends Error {
  constructor(
    readonly kind: OutboundErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'OutboundError';
  }
}

/** Resolves a host name to every address it has (tests substitute their own). */
export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

export type GuardedRequest = {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  /** Aborts the call early (in addition to the timeout). */
  signal?: AbortSignal;
};

export type GuardedOptions = AddressPolicy & {
  /** The whole call, redirects and body included, must finish within this. */
  timeoutMs: number;
  maxBytes?: number;
  maxRedirects?: number;
  /** Headers dropped when a redirect leaves the origin (Authorization and Cookie always are). */
  sensitiveHeaders?: readonly string[];
  resolve?: Resolver;
};

export type GuardedResponse = {
  /** The address that answered, after redirects. */
  url: string;
  status: number;
  statusText: string;
  headers: Record<string, string>;
  body: Buffer;
};

const systemResolver: Resolver = (hostname) =>
  new Promise((resolve, reject) => {
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) =>
      error ? reject(error) : resolve(addresses),
    );
  });

/**
 * The refusal of a target, naming it as the caller wrote it (a host name, or an address typed
 * in the URL) and never the address a name resolved to, which would map the internal network.
 */
const refused = (target: string) =>
  new OutboundError('refused', `Refused to call a private or internal address (${target})`);

/**
 * The lookup every outbound socket uses: it resolves the host and refuses the connection when
 * any of its addresses is not allowed, so the address checked is the address connected to
 * (no window for DNS rebinding between a check and the connect).
 */
function guardedLookup(policy: AddressPolicy, resolver: Resolver): LookupFunction {
  return (hostname, options, callback) => {
    resolver(hostname).then(
      (found) => {
        const family =
          options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : options.family;
        const addresses = family ? found.filter((entry) => entry.family === family) : found;
        const blocked = found.find((entry) => !addressAllowed(entry.address, policy));
        const first = addresses[0];
        if (blocked) return callback(refused(hostname), '', 0);
        if (!first) return callback(unresolved(hostname), '', 0);
        if (options.all) return callback(null, addresses);
        callback(null, first.address, first.family);
      },
      () => callback(unresolved(hostname), '', 0),
    );
  };
}

const unresolved = (hostname: string) =>
  Object.assign(new OutboundError('dns', `Could not resolve host ${hostname}`), {
    code: 'ENOTFOUND',
  });

const agents = new Map<string, Agent>();
const customResolverAgents = new WeakMap<Resolver, Map<string, Agent>>();

/** One connection pool per policy (and per test resolver), reused across calls. */
function agentFor(policy: AddressPolicy, resolver: Resolver | undefined): Agent {
  const key = `${policy.allowPrivate}|${(policy.allowedAddresses ?? []).join(',')}`;
  let pool = agents;
  if (resolver) {
    pool = customResolverAgents.get(resolver) ?? new Map();
    customResolverAgents.set(resolver, pool);
  }
  let agent = pool.get(key);
  if (!agent) {
    agent = new Agent({
      connect: { lookup: guardedLookup(policy, resolver ?? systemResolver), timeout: 120_000 },
      keepAliveTimeout: 4_000,
    });
    pool.set(key, agent);
  }
  return agent;
}

/** Checks an address before any connection: http(s) only, and IP literals against the policy. */
function checkTarget(target: URL, policy: AddressPolicy): void {
  if (target.protocol !== 'http:' && target.protocol !== 'https:') {
    throw new OutboundError('invalid_url', 'Only http and https addresses can be called');
  }
  const host = target.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) && !addressAllowed(host, policy)) throw refused(host);
}

const alwaysSensitive = ['authorization', 'cookie', 'proxy-authorization'];
const redirectStatuses = new Set([301, 302, 303, 307, 308]);

/** Drops headers Node and undici manage themselves, or that would mislead the target. */
function outgoingHeaders(headers: Record<string, string>): Record<string, string> {
  const managed = new Set([
    'host',
    'content-length',
    'connection',
    'keep-alive',
    'transfer-encoding',
    'upgrade',
    'expect',
    'te',
    'trailer',
  ]);
  return Object.fromEntries(
    Object.entries(headers).filter(([name]) => !managed.has(name.toLowerCase())),
  );
}

const formatBytes = (bytes: number) =>
  bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MB` : `${bytes} bytes`;

function flattenHeaders(headers: Record<string, string | string[] | undefined>) {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined)
      flat[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return flat;
}

/** A message with any IPv4 or IPv6 address (and its port) taken out. */
const withoutAddresses = (message: string) =>
  message
    .replace(/\b\d{1,3}(?:\.\d{1,3}){3}(?::\d+)?\b/g, '[address]')
    .replace(/\[?\b[0-9a-f]{0,4}(?::[0-9a-f]{0,4}){2,7}\b\]?(?::\d+)?/gi, '[address]');

/** Maps what undici or the socket threw to an OutboundError. */
function describeFailure(error: unknown, target: URL): OutboundError {
  if (error instanceof OutboundError) return error;
  const code =
    (error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code;
  const host = target.host;
  if (code === 'ECONNREFUSED') return new OutboundError('network', `Connection refused by ${host}`);
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET') {
    return new OutboundError('network', `The connection to ${host} was closed unexpectedly`);
  }
  if (code === 'UND_ERR_CONNECT_TIMEOUT') {
    return new OutboundError('network', `Could not connect to ${host} in time`);
  }
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    return new OutboundError('dns', `Could not resolve host ${target.hostname}`);
  }
  // Socket messages name the resolved address ('connect EHOSTUNREACH 10.0.0.5:80'): say the code.
  const message = code ?? withoutAddresses(error instanceof Error ? error.message : String(error));
  return new OutboundError('network', `Request to ${host} failed: ${message}`);
}

/**
 * The one way Flows calls outside services. Refuses private and internal targets unless allowed
 * (checked on every hop, after DNS resolution), follows at most `maxRedirects` redirects by
 * hand, gives up after `timeoutMs` for the whole exchange, and stops reading past `maxBytes`.
 * Throws OutboundError; any HTTP status is a normal answer.
 */
export async function guardedFetch(
  url: string | URL,
  init: GuardedRequest,
  options: GuardedOptions,
): Promise<GuardedResponse> {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  const maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = init.signal ? AbortSignal.any([timeout, init.signal]) : timeout;
  const policy: AddressPolicy = {
    allowPrivate: options.allowPrivate,
    allowedAddresses: options.allowedAddresses ?? [],
  };
  const dispatcher = agentFor(policy, options.resolve);
  const sensitive = new Set(
    [...alwaysSensitive, ...(options.sensitiveHeaders ?? [])].map((name) => name.toLowerCase()),
  );

  let target: URL;
  try {
    target = new URL(url);
  } catch {
    throw new OutboundError('invalid_url', 'Must be a valid URL');
  }
  let method = (init.method ?? 'GET').toUpperCase();
  let headers = outgoingHeaders(init.headers ?? {});
  let body = init.body;

  try {
    for (let redirects = 0; ; redirects++) {
      checkTarget(target, policy);
      const response = await request(target, {
        method: method as 'GET',
        headers,
        body: body ?? null,
        signal,
        dispatcher,
      });
      const location = response.headers.location;
      if (redirectStatuses.has(response.statusCode) && typeof location === 'string') {
        await response.body.dump();
        if (redirects >= maxRedirects) {
          throw new OutboundError('too_many_redirects', 'Too many redirects');
        }
        const next = new URL(location, target);
        if (next.origin !== target.origin) {
          headers = Object.fromEntries(
            Object.entries(headers).filter(([name]) => !sensitive.has(name.toLowerCase())),
          );
        }
        const becomesGet =
          response.statusCode === 303
            ? method !== 'HEAD'
            : response.statusCode <= 302 && method === 'POST';
        if (becomesGet) {
          method = 'GET';
          body = undefined;
          headers = Object.fromEntries(
            Object.entries(headers).filter(([name]) => !/^content-/i.test(name)),
          );
        }
        target = next;
        continue;
      }
      const declared = Number(response.headers['content-length']);
      if (Number.isFinite(declared) && declared > maxBytes) {
        response.body.destroy();
        throw new OutboundError('too_large', `Response is larger than ${formatBytes(maxBytes)}`);
      }
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of response.body) {
        size += (chunk as Buffer).length;
        if (size > maxBytes) {
          response.body.destroy();
          throw new OutboundError('too_large', `Response is larger than ${formatBytes(maxBytes)}`);
        }
        chunks.push(chunk as Buffer);
      }
      return {
        url: target.toString(),
        status: response.statusCode,
        statusText: response.statusText || STATUS_CODES[response.statusCode] || '',
        headers: flattenHeaders(response.headers),
        body: Buffer.concat(chunks),
      };
    }
  } catch (error) {
    if (timeout.aborted) {
      throw new OutboundError('timeout', `Request timed out after ${options.timeoutMs} ms`);
    }
    if (init.signal?.aborted) throw init.signal.reason;
    throw describeFailure(error, target);
  }
}
