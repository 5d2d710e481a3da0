import { randomBytes, scrypt } from 'node:crypto';

const KEY_LENGTH = 32;

/**
 * An account password hash as stored in users.password_hash: `scrypt$<salt hex>$<hash hex>`,
 * scrypt with Node's defaults (N=16384, r=8, p=1), a 16-byte salt and a 32-byte key: the same
 * format as link passwords (links/password.ts), so one verifier reads both. Asynchronous so the
 * tens of milliseconds of hashing never stall redirects being served.
 */
export function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  return new Promise((resolve, reject) =>
    scrypt(password, salt, KEY_LENGTH, (error, key) =>
      error ? reject(error) : resolve(`scrypt$${salt.toString('hex')}$${key.toString('hex')}`),
    ),
  );
}
