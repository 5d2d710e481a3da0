import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../../../electron/service/links/password.js';

describe('link passwords', () => {
  it('are stored as scrypt$<salt>$<hash> in hex with a fresh salt each time', () => {
    const a = hashPassword('s3cret');
    const b = hashPassword('s3cret');
    expect(a).toMatch(/^scrypt\$[0-9a-f]{32}\$[0-9a-f]{64}$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain('s3cret');
  });

  it('verify the right password and refuse a wrong one', () => {
    const stored = hashPassword('pässwörd ✓');
    expect(verifyPassword('pässwörd ✓', stored)).toBe(true);
    expect(verifyPassword('passwort', stored)).toBe(false);
    expect(verifyPassword('', stored)).toBe(false);
  });

  it('refuse malformed stored values instead of throwing', () => {
    for (const stored of [
      '',
      'plain',
      'scrypt$zz$zz',
      'bcrypt$00$00',
      'scrypt$00$0011',
      'scrypt$abcd',
    ]) {
      expect(verifyPassword('x', stored)).toBe(false);
    }
  });
});
