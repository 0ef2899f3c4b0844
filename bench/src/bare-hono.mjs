/** The HTTP baseline: a bare Hono hello-world on @hono/node-server, in a process of its own. */
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const app = new Hono().get('*', (c) => c.json({ status: 'ok' }));

serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
  console.log(`listening on ${info.port}`);
});
