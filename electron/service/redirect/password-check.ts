/**
 * Checks a visitor's password against a link's stored hash without blocking the event loop.
 * The format is the links helper's (electron/service/links/password.ts):
 * `scrypt$<salt hex>$<hash hex>`, scrypt with Node's defaults (N=16384, r=8, p=1), 32-byte key.
 * Its verifyPassword is synchronous, which is right for the API but not here: anyone on the
 * internet can POST to a short link, and each synchronous scrypt stalls every redirect for tens
 * of milliseconds. crypto.scrypt runs on libuv's thread pool instead. A unit test checks this
 * against hashPassword's output so the two cannot drift apart.
 */
import { scrypt, timingSafeEqual } from 'node:crypto';

const KEY_LENGTH = 32;

export function checkPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 3 || parts[0] !== 'scrypt') return Promise.resolve(false);
  const [, saltHex, hashHex] = parts as [string, string, string];
  if (!/^(?:[0-9a-f]{2})+$/i.test(saltHex) || !/^[0-9a-f]+$/i.test(hashHex) || hashHex.length !== KEY_LENGTH * 2) {
    return Promise.resolve(false);
  }
  const expected = Buffer.from(hashHex, 'hex');
  return new Promise((resolve) => {
    scrypt(password, Buffer.from(saltHex, 'hex'), KEY_LENGTH, (error, actual) => {
      resolve(!error && timingSafeEqual(actual, expected));
    });
  });
}
