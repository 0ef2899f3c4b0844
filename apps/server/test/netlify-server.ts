import { createHash, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the scripted Netlify API received. */
export type NetlifyRequest = {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
};

/** How the scripted Netlify API answers the next calls (reset with `script({})`). */
export type NetlifyScript = {
  /** Answer site creation with this status and body instead of creating a site. */
  createSiteFails?: { status: number; body: string };
  /** Claim every file is already known, so the deploy requires no uploads. */
  nothingRequired?: boolean;
  /** Deploy checks answered 'processing' before a complete deploy turns 'ready'. */
  checksBeforeReady?: number;
  /** Complete deploys end in 'error' with this message. */
  deployError?: string;
  /** Deploys report this as their ssl_url and deploy_ssl_url instead of the site's address. */
  deployUrl?: string;
  /** Create sites but never answer (the caller dies or times out before it hears). */
  createSiteUnanswered?: boolean;
  /** Answer site deletion with this status and body instead of deleting the site. */
  deleteSiteFails?: { status: number; body: string };
};

type Deploy = {
  id: string;
  siteName: string;
  /** path -> sha1 the deploy was announced with */
  files: Record<string, string>;
  required: string[];
  uploaded: Map<string, Buffer>;
  checks: number;
};

const sha1 = (content: Buffer) => createHash('sha1').update(content).digest('hex');

/**
 * A stand-in for api.netlify.com on 127.0.0.1 speaking the calls Flows makes: create a site,
 * file-digest deploy, file upload, deploy state. It checks the bearer token and each upload's
 * digest, records every request, and turns a deploy 'ready' only once its files are uploaded.
 */
export async function startNetlifyServer(token: string) {
  const requests: NetlifyRequest[] = [];
  const sites = new Map<string, { name: string }>();
  const deploys = new Map<string, Deploy>();
  let current: NetlifyScript = {};

  const send = (response: ServerResponse, status: number, body: unknown) => {
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    response.writeHead(status, { 'content-type': 'application/json' }).end(text);
  };

  const deployView = (deploy: Deploy) => {
    const complete = deploy.required.every((digest) =>
      [...deploy.uploaded.values()].some((content) => sha1(content) === digest),
    );
    let state = complete ? 'ready' : 'uploading';
    if (complete && deploy.checks <= (current.checksBeforeReady ?? 0)) state = 'processing';
    if (state === 'ready' && current.deployError) state = 'error';
    return {
      id: deploy.id,
      state,
      required: deploy.required,
      ssl_url: current.deployUrl ?? `https://${deploy.siteName}.netlify.app`,
      deploy_ssl_url: current.deployUrl ?? `https://${deploy.id}--${deploy.siteName}.netlify.app`,
      error_message: state === 'error' ? current.deployError : null,
    };
  };

  const siteView = (id: string, name: string) => ({
    id,
    site_id: id,
    name,
    url: `http://${name}.netlify.app`,
    ssl_url: `https://${name}.netlify.app`,
  });

  function answer(request: NetlifyRequest, response: ServerResponse) {
    if (request.headers.authorization !== `Bearer ${token}`) {
      return send(response, 401, { code: 401, message: 'Access Denied' });
    }
    const { method, path } = request;
    if (method === 'POST' && path === '/api/v1/sites') {
      if (current.createSiteFails) {
        return send(response, current.createSiteFails.status, current.createSiteFails.body);
      }
      const { name } = JSON.parse(request.body.toString('utf8')) as { name: string };
      if ([...sites.values()].some((site) => site.name === name)) {
        return send(response, 422, { code: 422, message: 'subdomain must be unique' });
      }
      const id = randomUUID();
      sites.set(id, { name });
      if (current.createSiteUnanswered) return;
      return send(response, 201, siteView(id, name));
    }
    const [listPath, query = ''] = path.split('?');
    if (method === 'GET' && listPath === '/api/v1/sites') {
      const name = new URLSearchParams(query).get('name') ?? '';
      const found = [...sites].filter(([, site]) => site.name.includes(name));
      return send(
        response,
        200,
        found.map(([id, site]) => siteView(id, site.name)),
      );
    }
    const siteDelete = path.match(/^\/api\/v1\/sites\/([^/]+)$/);
    if (method === 'DELETE' && siteDelete) {
      if (current.deleteSiteFails) {
        return send(response, current.deleteSiteFails.status, current.deleteSiteFails.body);
      }
      const id = decodeURIComponent(siteDelete[1]!);
      if (!sites.delete(id)) return send(response, 404, { code: 404, message: 'Not Found' });
      response.writeHead(204).end();
      return;
    }
    const deployCreate = path.match(/^\/api\/v1\/sites\/([^/]+)\/deploys$/);
    if (method === 'POST' && deployCreate) {
      const site = sites.get(decodeURIComponent(deployCreate[1]!));
      if (!site) return send(response, 404, { code: 404, message: 'Not Found' });
      const { files } = JSON.parse(request.body.toString('utf8')) as {
        files: Record<string, string>;
      };
      const deploy: Deploy = {
        id: randomUUID(),
        siteName: site.name,
        files,
        required: current.nothingRequired ? [] : [...new Set(Object.values(files))],
        uploaded: new Map(),
        checks: 0,
      };
      deploys.set(deploy.id, deploy);
      return send(response, 200, { ...deployView(deploy), state: 'prepared' });
    }
    const upload = path.match(/^\/api\/v1\/deploys\/([^/]+)\/files\/(.+)$/);
    if (method === 'PUT' && upload) {
      const deploy = deploys.get(upload[1]!);
      const filePath = `/${decodeURIComponent(upload[2]!)}`;
      if (!deploy) return send(response, 404, { code: 404, message: 'Not Found' });
      if (deploy.files[filePath] !== sha1(request.body)) {
        return send(response, 422, { code: 422, message: 'File does not match its digest' });
      }
      deploy.uploaded.set(filePath, request.body);
      return send(response, 200, { id: sha1(request.body), path: filePath });
    }
    const check = path.match(/^\/api\/v1\/deploys\/([^/]+)$/);
    if (method === 'GET' && check) {
      const deploy = deploys.get(check[1]!);
      if (!deploy) return send(response, 404, { code: 404, message: 'Not Found' });
      deploy.checks += 1;
      return send(response, 200, deployView(deploy));
    }
    send(response, 404, { code: 404, message: `No route ${method} ${path}` });
  }

  const server = createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const request: NetlifyRequest = {
        method: incoming.method ?? 'GET',
        path: incoming.url ?? '/',
        headers: incoming.headers,
        body: Buffer.concat(chunks),
      };
      requests.push(request);
      answer(request, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    /** The ids of the sites that exist on this Netlify. */
    siteIds: () => [...sites.keys()],
    /** The names of the sites that exist on this Netlify. */
    siteNames: () => [...sites.values()].map((site) => site.name),
    /** Sets how the next calls are answered, replacing the previous script. */
    script(next: NetlifyScript) {
      current = next;
    },
    /** Forgets the recorded requests (sites and deploys stay). */
    clear() {
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type NetlifyServer = Awaited<ReturnType<typeof startNetlifyServer>>;
