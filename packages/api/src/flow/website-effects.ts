import { type Database, websites } from '@flows/db';
import { type FlowEffect, hostingSiteName } from '@flows/engine';
import { createSite, deployWebsite, type HostingEnv } from '../hosting/sites';
import { effectKey, effectUuid } from './effect-keys';
import type { StoredRun } from './run-store';

type SaveWebsite = Extract<FlowEffect, { type: 'saveWebsite' }>;
type Deploy = Extract<FlowEffect, { type: 'deploy' }>;

/**
 * Saves the website a run built. Carried out again after a crash (saved, but the run never heard
 * of it), it finds the website it saved the first time.
 */
export async function saveRunWebsite(
  db: Database,
  secretKey: Buffer,
  run: StoredRun,
  effect: SaveWebsite,
): Promise<string> {
  const id = effectUuid(effectKey(secretKey, run.taskId, effect.callId, 'website'));
  await db
    .insert(websites)
    .values({
      id,
      userId: run.userId,
      taskId: run.taskId,
      name: effect.name,
      description: effect.description,
      html: effect.html,
    })
    .onConflictDoNothing({ target: websites.id });
  return id;
}

/**
 * Deploys a run's website to a new site and returns its address. The site and the deploy are
 * named after the effect, so carrying it out again after a crash reuses the site (on Netlify too)
 * and records the deploy once.
 */
export async function deployRunWebsite(
  db: Database,
  env: HostingEnv,
  secretKey: Buffer,
  run: StoredRun,
  effect: Deploy,
): Promise<string> {
  const key = (made: 'site' | 'siteSlug' | 'deploy') =>
    effectKey(secretKey, run.taskId, effect.callId, made);
  const siteId = await createSite(
    db,
    env,
    {
      name: hostingSiteName(Date.now()),
      // Netlify sites live on the operator's account: a visitor's run deploys to the built-in host.
      provider: run.userId ? env.hosting.provider : 'local',
      userId: run.userId,
    },
    {
      id: key('site').toString('base64url'),
      slug: key('siteSlug').subarray(0, 9).toString('base64url'),
    },
  );
  return deployWebsite(db, env, {
    siteId,
    websiteId: effect.websiteId,
    userId: run.userId,
    deployId: effectUuid(key('deploy')),
  });
}
