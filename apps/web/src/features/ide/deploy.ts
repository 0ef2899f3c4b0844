import { hostingSiteName } from '@flows/engine';
import { inlineProjectFiles } from './preview';
import type { IdeFile } from './project';

/** Where a project is published: the built-in host, or Netlify on the operator's account. */
export type Hosting = 'local' | 'netlify';

/**
 * Where the IDE publishes, as runs do: the operator's provider (HOSTING_PROVIDER) for signed-in
 * users, the built-in host for visitors (Netlify sites live on the operator's account).
 */
export function deployHosting(signedIn: boolean, provider: Hosting | undefined): Hosting {
  return signedIn && provider === 'netlify' ? 'netlify' : 'local';
}

/** The calls a deploy makes (the website procedures runs use). */
export type DeployClient = {
  createWebsite: (input: { name: string; html: string }) => Promise<{ id: string }>;
  createSite: (input: { hosting: Hosting; name: string }) => Promise<{ siteId: string }>;
  deploy: (input: { id: string; siteId: string }) => Promise<{ deployUrl: string }>;
};

/** The page a deploy publishes: the first .html file with the project's own files put in. */
export function deployablePage(files: readonly IdeFile[]): string | null {
  const page = files.find((file) => file.name.toLowerCase().endsWith('.html'));
  return page ? inlineProjectFiles(page.content, files) : null;
}

/**
 * Publishes the project on `hosting`: saves it as a website and deploys it to the project's site,
 * creating the site the first time (so redeploys keep the address). A site that is gone
 * (unpublished, expired) is replaced by a new one.
 */
export async function deployProject(
  client: DeployClient,
  files: readonly IdeFile[],
  siteId: string | null,
  hosting: Hosting = 'local',
): Promise<{ siteId: string; deployUrl: string }> {
  const html = deployablePage(files);
  if (!html) throw new Error('Add an .html file to deploy the project');
  const website = await client.createWebsite({ name: 'IDE project', html });
  const newSite = async () =>
    (await client.createSite({ hosting, name: hostingSiteName(Date.now()) })).siteId;
  let site = siteId ?? (await newSite());
  try {
    return {
      siteId: site,
      deployUrl: (await client.deploy({ id: website.id, siteId: site })).deployUrl,
    };
  } catch (error) {
    if (!siteId || !isNotFound(error)) throw error;
    site = await newSite();
    return {
      siteId: site,
      deployUrl: (await client.deploy({ id: website.id, siteId: site })).deployUrl,
    };
  }
}

function isNotFound(error: unknown): boolean {
  const data = (error as { data?: { code?: unknown } } | null)?.data;
  return data?.code === 'NOT_FOUND';
}
