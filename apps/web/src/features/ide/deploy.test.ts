import { describe, expect, it } from 'vitest';
import { type DeployClient, deployHosting, deployProject } from './deploy';

const files = [
  {
    id: '1',
    name: 'index.html',
    language: 'html',
    content: '<head><link rel="stylesheet" href="styles.css"></head><h1>Hi</h1>',
  },
  { id: '2', name: 'styles.css', language: 'css', content: 'h1 { color: red }' },
];

/** A deploy client that records what it was asked; `gone` sites answer 404 on deploy. */
function recordingClient(gone: string[] = []) {
  const calls: string[] = [];
  const client: DeployClient = {
    createWebsite: async ({ html }) => {
      calls.push(`website ${html.includes('color: red')}`);
      return { id: 'w1' };
    },
    createSite: async ({ hosting }) => {
      calls.push(`site ${hosting}`);
      return { siteId: `new-${hosting}` };
    },
    deploy: async ({ siteId }) => {
      calls.push(`deploy ${siteId}`);
      if (gone.includes(siteId))
        throw Object.assign(new Error('gone'), { data: { code: 'NOT_FOUND' } });
      return { deployUrl: `https://example.test/${siteId}/` };
    },
  };
  return { client, calls };
}

describe('deploying the IDE project', () => {
  it('publishes where runs do: Netlify for a signed-in user when the operator uses it', () => {
    expect(deployHosting(true, 'netlify')).toBe('netlify');
    expect(deployHosting(false, 'netlify')).toBe('local');
    expect(deployHosting(true, 'local')).toBe('local');
    expect(deployHosting(true, undefined)).toBe('local');
  });

  it('creates the site once on that host, and replaces one that is gone', async () => {
    const first = recordingClient();
    expect(await deployProject(first.client, files, null, 'netlify')).toEqual({
      siteId: 'new-netlify',
      deployUrl: 'https://example.test/new-netlify/',
    });
    expect(first.calls).toEqual(['website true', 'site netlify', 'deploy new-netlify']);

    const again = recordingClient(['old']);
    const result = await deployProject(again.client, files, 'old', 'local');
    expect(result.siteId).toBe('new-local');
    expect(again.calls).toEqual(['website true', 'deploy old', 'site local', 'deploy new-local']);
  });
});
