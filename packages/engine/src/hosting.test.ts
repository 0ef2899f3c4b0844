import { describe, expect, it } from 'vitest';
import { hostingSiteName, readDeployResult, readSiteCreation } from './hosting';

describe('hosting', () => {
  it("names sites 'flows-website-' plus the timestamp", () => {
    expect(hostingSiteName(1735689600123)).toBe('flows-website-1735689600123');
    expect(hostingSiteName(12.9)).toBe('flows-website-12');
  });

  it('accepts only success true with a site id or URL', () => {
    expect(readSiteCreation({ success: true, siteId: 'abc' })).toBe('abc');
    expect(readSiteCreation({ success: false, siteId: 'abc' })).toBeNull();
    expect(readSiteCreation({ success: true, siteId: '' })).toBeNull();
    expect(readSiteCreation('nope')).toBeNull();
    expect(readDeployResult({ success: true, deployUrl: 'https://x.test' })).toBe('https://x.test');
    expect(readDeployResult({ success: true })).toBeNull();
  });
});
