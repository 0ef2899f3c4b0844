import { createHash } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { type GuardedResponse, guardedFetch, OutboundError } from '../outbound/client';
import { scrubSecrets } from '../secrets/redaction';

/** The operator's Netlify account: a personal access token and the API's address. */
export type NetlifyConfig = { token: string; apiUrl: string };

/** How Netlify is called: the account, whether private addresses may be reached, the time scale. */
export type NetlifyClientOptions = NetlifyConfig & {
  allowPrivate: boolean;
  /** Multiplier for the wait between deploy checks; 0 checks without waiting. */
  timeScale: number;
};

/** How often a deploy is checked before it counts as stuck, and the wait between checks. */
const DEPLOY_CHECKS = 30;
const DEPLOY_CHECK_INTERVAL_MS = 1000;

const CALL_TIMEOUT_MS = 30_000;
/** Characters of Netlify's reply body kept in an error message. */
const ERROR_BODY_CHARS = 500;

const ZNetlifySite = z.object({
  id: z.string().min(1),
  name: z.string().nullish(),
  ssl_url: z.string().nullish(),
  url: z.string().nullish(),
});

const ZNetlifyDeploy = z.object({
  id: z.string().min(1),
  state: z.string().nullish(),
  required: z.array(z.string()).nullish(),
  ssl_url: z.string().nullish(),
  deploy_ssl_url: z.string().nullish(),
  error_message: z.string().nullish(),
});

type NetlifyDeploy = z.infer<typeof ZNetlifyDeploy>;

/** A Netlify failure as the caller sees it (502: the fault is upstream), token removed. */
function netlifyFailure(options: NetlifyClientOptions, message: string): TRPCError {
  return new TRPCError({ code: 'BAD_GATEWAY', message: scrubSecrets(message, [options.token]) });
}

/** One call to the Netlify API through the guarded client; non-2xx answers become errors. */
async function callNetlify(
  options: NetlifyClientOptions,
  what: string,
  path: string,
  init: {
    method: string;
    body?: string | Uint8Array;
    contentType?: string;
    /** Statuses besides 2xx that count as success (404 when deleting what may be gone). */
    alsoFine?: number[];
  },
): Promise<GuardedResponse> {
  const headers: Record<string, string> = { authorization: `Bearer ${options.token}` };
  if (init.contentType) headers['content-type'] = init.contentType;
  let response: GuardedResponse;
  try {
    response = await guardedFetch(
      `${options.apiUrl.replace(/\/+$/, '')}${path}`,
      { method: init.method, headers, body: init.body },
      { timeoutMs: CALL_TIMEOUT_MS, allowPrivate: options.allowPrivate },
    );
  } catch (error) {
    const reason = error instanceof OutboundError ? error.message : String(error);
    throw netlifyFailure(options, `${what} failed: ${reason}`);
  }
  const fine =
    (response.status >= 200 && response.status < 300) || init.alsoFine?.includes(response.status);
  if (!fine) {
    const body = response.body.toString('utf8').slice(0, ERROR_BODY_CHARS * 4);
    const shown = scrubSecrets(body, [options.token]).slice(0, ERROR_BODY_CHARS);
    throw netlifyFailure(
      options,
      `${what} failed: ${response.status} ${response.statusText}: ${shown}`.trimEnd(),
    );
  }
  return response;
}

/** Reads a JSON reply in the shape expected, or fails naming what Netlify sent instead. */
function parseReply<T>(
  options: NetlifyClientOptions,
  what: string,
  response: GuardedResponse,
  schema: z.ZodType<T>,
): T {
  const text = response.body.toString('utf8');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    value = undefined;
  }
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw netlifyFailure(
    options,
    `${what} failed: unexpected answer ${response.status}: ${text.slice(0, ERROR_BODY_CHARS)}`,
  );
}

/**
 * A site address Netlify gave, if it is one: only http and https addresses are shown to users
 * and written to the feed (never javascript:, data: or anything else a reply might hold).
 */
export function hostedUrl(value: string | null | undefined): string | null {
  if (!value || value.length > 2048 || !URL.canParse(value)) return null;
  const url = new URL(value);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password) return null;
  return value;
}

/** A Netlify site as Flows keeps it: its Netlify id and its public https address. */
const remoteSite = (site: z.infer<typeof ZNetlifySite>) => ({
  remoteId: site.id,
  url: hostedUrl(site.ssl_url) ?? hostedUrl(site.url),
});

/** Creates a Netlify site; returns its Netlify id and its public https address. */
export async function createNetlifySite(
  options: NetlifyClientOptions,
  name: string,
): Promise<{ remoteId: string; url: string | null }> {
  const what = 'Netlify site creation';
  const response = await callNetlify(options, what, '/api/v1/sites', {
    method: 'POST',
    body: JSON.stringify({ name }),
    contentType: 'application/json',
  });
  const site = parseReply(options, what, response, ZNetlifySite);
  return remoteSite(site);
}

/**
 * The operator's Netlify site with exactly this name, if there is one: how a site whose creation
 * was never recorded (the process died waiting for the answer) is found again.
 */
export async function findNetlifySite(
  options: NetlifyClientOptions,
  name: string,
): Promise<{ remoteId: string; url: string | null } | null> {
  const what = 'Netlify site lookup';
  const query = new URLSearchParams({ name, filter: 'all' });
  const response = await callNetlify(options, what, `/api/v1/sites?${query}`, { method: 'GET' });
  const sites = parseReply(options, what, response, z.array(ZNetlifySite));
  const site = sites.find((candidate) => candidate.name === name);
  return site ? remoteSite(site) : null;
}

const sha1 = (content: string | Buffer) => createHash('sha1').update(content).digest('hex');

/** A deploy path as it goes in the upload address: each segment encoded, no leading slash. */
const uploadPath = (path: string) =>
  path.replace(/^\/+/, '').split('/').map(encodeURIComponent).join('/');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Deploys files (path -> content, e.g. { '/index.html': html }) to a Netlify site with a file
 * digest: Netlify names the files it lacks, those are uploaded, and the deploy is checked until
 * it is ready. Returns the site's https address.
 */
export async function deployToNetlify(
  options: NetlifyClientOptions,
  remoteSiteId: string,
  files: Record<string, string>,
): Promise<string> {
  const what = 'Netlify deploy';
  const digests = Object.fromEntries(
    Object.entries(files).map(([path, content]) => [path, sha1(content)]),
  );
  const created = parseReply(
    options,
    what,
    await callNetlify(options, what, `/api/v1/sites/${encodeURIComponent(remoteSiteId)}/deploys`, {
      method: 'POST',
      body: JSON.stringify({ files: digests }),
      contentType: 'application/json',
    }),
    ZNetlifyDeploy,
  );
  const deployPath = `/api/v1/deploys/${encodeURIComponent(created.id)}`;

  const required = new Set(created.required ?? []);
  for (const [path, content] of Object.entries(files)) {
    if (!required.has(digests[path]!)) continue;
    await callNetlify(options, what, `${deployPath}/files/${uploadPath(path)}`, {
      method: 'PUT',
      body: Buffer.from(content, 'utf8'),
      contentType: 'application/octet-stream',
    });
  }

  let deploy: NetlifyDeploy = created;
  for (let check = 0; check < DEPLOY_CHECKS; check++) {
    if (check > 0) await sleep(DEPLOY_CHECK_INTERVAL_MS * options.timeScale);
    deploy = parseReply(
      options,
      what,
      await callNetlify(options, what, deployPath, { method: 'GET' }),
      ZNetlifyDeploy,
    );
    if (deploy.state === 'error') {
      throw netlifyFailure(options, `${what} failed: ${deploy.error_message ?? 'unknown error'}`);
    }
    if (deploy.state === 'ready') {
      const url = hostedUrl(deploy.ssl_url) ?? hostedUrl(deploy.deploy_ssl_url);
      if (!url) {
        throw netlifyFailure(options, `${what} failed: Netlify gave no http(s) site address`);
      }
      return url;
    }
  }
  throw netlifyFailure(
    options,
    `${what} failed: not ready after ${DEPLOY_CHECKS} checks (state: ${deploy.state ?? 'unknown'})`,
  );
}

/** Deletes a Netlify site (unpublishing it); one that is already gone counts as deleted. */
export async function deleteNetlifySite(
  options: NetlifyClientOptions,
  remoteSiteId: string,
): Promise<void> {
  await callNetlify(
    options,
    'Netlify site removal',
    `/api/v1/sites/${encodeURIComponent(remoteSiteId)}`,
    { method: 'DELETE', alsoFine: [404] },
  );
}
