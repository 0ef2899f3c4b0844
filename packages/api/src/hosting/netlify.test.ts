import { describe, expect, it } from 'vitest';
import { hostedUrl } from './netlify';

describe('deploy addresses from a hosting provider', () => {
  it.each(['https://site.netlify.app', 'http://site.netlify.app/', 'https://a--b.netlify.app/x'])(
    'accepts %s',
    (url) => expect(hostedUrl(url)).toBe(url),
  );

  it.each([
    'javascript:alert(document.cookie)',
    'JavaScript://site.netlify.app/%0aalert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'ftp://site.netlify.app/',
    'file:///etc/passwd',
    'https://user:pw@site.netlify.app/',
    'not a url',
    '',
    null,
    undefined,
    `https://site.netlify.app/${'x'.repeat(3000)}`,
  ])('refuses %s', (url) => expect(hostedUrl(url)).toBeNull());
});
