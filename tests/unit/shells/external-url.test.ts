import { describe, expect, it } from 'vitest';
import { isSafeExternalUrl } from '../../../electron/main/external-url.js';

describe('isSafeExternalUrl', () => {
  it.each([
    'https://example.com/',
    'http://example.com/path?q=1#x',
    'HTTPS://EXAMPLE.COM',
    'https://sho.rt/abc',
  ])('lets %s go to the OS browser', (url) => expect(isSafeExternalUrl(url)).toBe(true));

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'file:///etc/passwd',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox',
    'smb://server/share',
    'ms-msdt:/id PCWDiagnostic',
    'vscode://open',
    'ftp://example.com/',
    'about:blank',
    '//example.com/',
    '/relative/path',
    'https://user:pass@example.com/',
    'not a url',
    '',
  ])('refuses %s', (url) => expect(isSafeExternalUrl(url)).toBe(false));

  it('refuses what is not a string', () => {
    expect(isSafeExternalUrl(undefined)).toBe(false);
    expect(isSafeExternalUrl({ href: 'https://example.com' })).toBe(false);
  });
});
