import { createHash, randomBytes } from 'node:crypto';

/**
 * API keys at rest. A key is 32 random bytes, so its SHA-256 is all the database needs: nobody
 * can get back from the hash to a key, and a slow password hash would buy nothing against
 * 256 bits of entropy while costing every API request. The key itself exists in clear only
 * in the answer to the command (or start) that made it.
 */

/** A new API key: 32 random bytes, URL-safe. */
export function newApiKey(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps of a key: its SHA-256, hex. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** The first characters of a key, enough for a person to tell two keys apart in `keys`. */
export function apiKeyPrefix(key: string): string {
  return key.slice(0, 6);
}
