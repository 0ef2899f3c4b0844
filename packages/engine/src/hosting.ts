import { z } from 'zod';
import { HOSTING_SITE_PREFIX } from './constants';

/** The name of a new hosting site: 'flows-website-' plus a timestamp (milliseconds since the epoch). */
export function hostingSiteName(timestamp: number): string {
  return `${HOSTING_SITE_PREFIX}${Math.trunc(timestamp)}`;
}

/** A successful answer to POST /api/{hosting}/sites. */
export const ZSiteCreationResult = z.object({
  success: z.literal(true),
  siteId: z.string().min(1),
});
/** A successful answer to POST /api/websites/{id}/deploy. */
export const ZDeployResult = z.object({ success: z.literal(true), deployUrl: z.string().min(1) });

/** The new site's id, or null when the answer lacks success true and a site id (spec: an error). */
export function readSiteCreation(body: unknown): string | null {
  const parsed = ZSiteCreationResult.safeParse(body);
  return parsed.success ? parsed.data.siteId : null;
}

/** The deployed URL, or null when the answer lacks success true and a URL (spec: an error). */
export function readDeployResult(body: unknown): string | null {
  const parsed = ZDeployResult.safeParse(body);
  return parsed.success ? parsed.data.deployUrl : null;
}
