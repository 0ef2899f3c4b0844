import { describe, expect, it } from 'vitest';
import { linkParts } from './segments';

describe('linkParts', () => {
  it('links web addresses and leaves trailing punctuation as text', () => {
    expect(linkParts('Live at http://localhost:3000/sites/abc/. Enjoy')).toEqual([
      { kind: 'text', text: 'Live at ' },
      { kind: 'link', href: 'http://localhost:3000/sites/abc/' },
      { kind: 'text', text: '. Enjoy' },
    ]);
  });
});
