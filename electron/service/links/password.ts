import { randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';

/*
 * Link passwords are stored as `scrypt$<salt hex>$<hash hex>`: scrypt with Node's defaults
 * (N=16384, r=8, p=1), a 16-byte random salt and a 32-byte key. Both functions are synchronous
 * on purpose: a caller that forgot to await a Promise<boolean> would let every password through.
 */
const KEY_LENGTH = 32;

export function hashPassword(password: string): string {
  const salt = randomBytes(16);
  const hash = scryptSync(password, salt, KEY_LENGTH);
  return `scrypt$${salt.toString('hex')}$${hash.toString('hex')}`;
}

/** True when `password` matches a value made by hashPassword; false for anything malformed. */
export function verifyPassword(password: string, stored: string): boolean {
  const parts = stored.split('$');
  if (parts.length !== 3 || parts[0] !== 'scrypt') return false;
  const [, saltHex, hashHex] = parts as [string, string, string];
  if (
    !/^[0-9a-f]+$/i.test(saltHex) ||
    !/^[0-9a-f]+$/i.test(hashHex) ||
    hashHex.length !== KEY_LENGTH * 2
  )
    return false;
  const expected = Buffer.from(hashHex, 'hex');
  const actual = scryptSync(password, Buffer.from(saltHex, 'hex'), KEY_LENGTH);
  return timingSafeEqual(actual, expected);
}
