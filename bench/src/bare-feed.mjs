/**
 * The live-feed baseline: a minimal Node server that LISTENs with the `postgres` package and
 * writes each notification, as it came, to the SSE clients of its task
 * (GET /tasks/{id}/events). Nothing is read from the database.
 */
import { createServer } from 'node:http';
import postgres from 'postgres';

const CHANNEL = 'bare_feed';
/** Open SSE responses by task id. */
const clients = new Map();

const listener = postgres(process.env.DATABASE_URL, { max: 1, onnotice: () => {} });
await listener.listen(CHANNEL, (payload) => {
  const { kind, taskId, seq } = JSON.parse(payload);
  const event =
    kind === 'step'
      ? `id: ${seq}\nevent: step\ndata: ${payload}\n\n`
      : `event: ${kind}\ndata: ${payload}\n\n`;
  for (const response of clients.get(taskId) ?? []) response.write(event);
});

const server = createServer((request, response) => {
  const taskId = /^\/tasks\/([^/]+)\/events$/.exec(request.url ?? '')?.[1];
  if (!taskId) {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(200, {
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
  });
  response.flushHeaders();
  let set = clients.get(taskId);
  if (!set) {
    set = new Set();
    clients.set(taskId, set);
  }
  set.add(response);
  request.on('close', () => set.delete(response));
});
server.listen(0, '127.0.0.1', () => console.log(`listening on ${server.address().port}`));
