import { describe, expect, it } from 'vitest';
import {
  defaultProfileName,
  parseBaseUrl,
  validateApiKey,
  validateBaseUrl,
  validateProfileName,
} from '../../../electron/shared/profile-validation.js';

describe('base URL', () => {
  it('normalises what people paste', () => {
    expect(parseBaseUrl(' https://links.example.com/ ')).toEqual({
      ok: true,
      value: 'https://links.example.com',
    });
    expect(parseBaseUrl('https://Links.Example.com:8443/short//')).toEqual({
      ok: true,
      value: 'https://links.example.com:8443/short',
    });
    expect(parseBaseUrl('http://127.0.0.1:4100/api/')).toEqual({
      ok: true,
      value: 'http://127.0.0.1:4100',
    });
    expect(parseBaseUrl('http://[::1]:4100')).toEqual({ ok: true, value: 'http://[::1]:4100' });
  });

  it('explains what is wrong', () => {
    expect(validateBaseUrl('')).toMatch(/Enter the address/);
    expect(validateBaseUrl('links.example.com')).toBe(
      'The address must start with https:// or http:// (for example https://links.example.com).',
    );
    expect(validateBaseUrl('javascript:alert(1)')).toMatch(/Only http:\/\/ and https:\/\//);
    expect(validateBaseUrl('file:///etc/passwd')).toMatch(/Only http:\/\/ and https:\/\//);
    expect(validateBaseUrl('https://user:secret@links.example.com')).toMatch(
      /user name and password/,
    );
    expect(validateBaseUrl('https://links.example.com/?key=1')).toMatch(/after \?/);
    expect(validateBaseUrl('https://links.example.com/#top')).toMatch(/after #/);
    expect(validateBaseUrl('https://links.example.com/#')).toMatch(/after #/);
    expect(validateBaseUrl('https://exa mple.com')).toMatch(/not a valid web address/);
    expect(validateBaseUrl(`https://example.com/${'a'.repeat(2000)}`)).toMatch(/too long/);
    expect(validateBaseUrl('https://links.example.com')).toBeNull();
  });
});

describe('name and key', () => {
  it('checks profile names', () => {
    expect(validateProfileName('Work')).toBeNull();
    expect(validateProfileName('   ')).toMatch(/Give the profile a name/);
    expect(validateProfileName('x'.repeat(61))).toMatch(/under 61/);
    expect(validateProfileName('a\u0007b')).toMatch(/control characters/);
  });

  it('checks the shape of keys without repeating them', () => {
    expect(validateApiKey('abc123_-')).toBeNull();
    for (const bad of ['', 'has space', 'a\u0000b', 'k'.repeat(1001)]) {
      const message = validateApiKey(bad);
      expect(message).toBeTruthy();
      if (bad.length > 3) expect(message).not.toContain(bad);
    }
  });

  it('names a profile after its host by default', () => {
    expect(defaultProfileName('https://links.example.com/x')).toBe('links.example.com');
  });
});
