import { startScriptedModel } from '@flows/scripted-model';
import { ConfigError, loadConfig } from './config';
import { applyEnvFile } from './env-file';

/**
 * `pnpm demo`: Flows with the scripted demo model, for trying a complete run without a model
 * server. The model's replies are canned; the web app labels it as a demo. Demo runs keep their
 * own data folder (never mixed with real history), and the model listens on a fixed port, so a
 * restarted demo finishes the runs the last one left.
 */
applyEnvFile();
let port: number;
try {
  port = loadConfig(process.env).demoModelPort;
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
const model = await startScriptedModel({ port, chunkDelayMs: 30 });
process.env.MODEL_ENDPOINT = model.url;
process.env.MODEL_DEMO = 'true';
process.env.DATA_DIR ||= '.data/demo';
// The demo webhook lives on the demo model's server (127.0.0.1): runs may call loopback there.
process.env.ALLOW_PRIVATE_TARGETS ||= 'true';
console.log(`Demo model (scripted, OpenAI-compatible) at ${model.url}`);
await import('./main');
await seedDemoAccount(model.url.replace(/\/v1$/, '/demo-webhook')).catch((error: unknown) => {
  console.error(`Could not set up the demo account: ${(error as Error).message}`);
});

/**
 * The demo account ('demo' / 'demo password') with a webhook marked 'Use in flows', so a demo
 * run shows a task calling it as a tool (after the user approves the call in the feed).
 */
async function seedDemoAccount(webhookUrl: string) {
  const config = loadConfig(process.env);
  const base = `http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${config.port}`;
  for (let attempt = 0; ; attempt++) {
    const health = await fetch(`${base}/api/health`).catch(() => null);
    if (health?.ok) break;
    if (attempt > 100) throw new Error('the server did not start');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const credentials = { username: 'demo', password: 'demo password' };
  const json = { 'content-type': 'application/json' };
  let session = await fetch(`${base}/api/register`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ ...credentials, email: 'demo@example.com' }),
  });
  if (session.status !== 201) {
    session = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify(credentials),
    });
  }
  const cookie = session.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .join('; ');
  if (!session.ok || !cookie) throw new Error(`signing in as demo answered ${session.status}`);
  const headers = { ...json, cookie };
  const hooks = (await (await fetch(`${base}/api/webhooks`, { headers })).json()) as {
    name: string;
  }[];
  if (!hooks.some((hook) => hook.name === 'Demo webhook')) {
    await fetch(`${base}/api/webhooks`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        name: 'Demo webhook',
        url: webhookUrl,
        description: 'Receives the updates of demo runs',
        useInFlows: true,
        askBeforeCall: true,
      }),
    });
  }
  console.log(
    "Sign in as 'demo' (password 'demo password') and run 'Notify the team about the launch' to watch a task call a webhook as a tool.",
  );
}
