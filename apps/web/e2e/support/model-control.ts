import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ReceivedRequest, Rule, ScriptedModel } from '@flows/scripted-model';

/**
 * A scripted-model rule as it travels from a test to the global setup: the pattern as source and
 * flags, and a fixed reply or a fault (reply functions cannot cross processes).
 */
export type ModelRuleJson = {
  match: { source: string; flags: string };
  reply?: string;
  reasoning?: string;
  fault?: Rule['fault'];
  times?: number;
};

/** What GET /requests answers: every request the model received since the last reset. */
export type ModelRequestsJson = ReceivedRequest[];

async function readJson(request: import('node:http').IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? JSON.parse(text) : undefined;
}

/**
 * Lets test files (which run in worker processes) steer the scripted model that lives in the
 * global setup's process: POST /rules puts rules in front, POST /reset drops them and forgets the
 * received requests, GET /requests lists them.
 */
export async function startModelControl(model: ScriptedModel): Promise<{
  url: string;
  close: () => Promise<void>;
}> {
  const added: Rule[] = [];
  const server: Server = createServer(async (request, response) => {
    try {
      if (request.method === 'POST' && request.url === '/rules') {
        const rules = ((await readJson(request)) as ModelRuleJson[]).map(
          ({ match, ...rest }): Rule => ({ match: new RegExp(match.source, match.flags), ...rest }),
        );
        added.push(...rules);
        model.prepend(...rules);
      } else if (request.method === 'POST' && request.url === '/reset') {
        // The model has no way to remove rules; a rule with no uses left is skipped.
        for (const rule of added.splice(0)) rule.times = 0;
        model.requests.length = 0;
      } else if (request.method === 'GET' && request.url === '/requests') {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify(model.requests));
        return;
      } else {
        response.writeHead(404).end();
        return;
      }
      response.writeHead(204).end();
    } catch (error) {
      response.writeHead(400, { 'content-type': 'text/plain' }).end(String(error));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
