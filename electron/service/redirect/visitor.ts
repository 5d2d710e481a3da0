/**
 * Unique visitors without keeping who they are: a visitor is a salted hash of IP address, user
 * agent and UTC day. The salt is random per service database and never leaves it, so the hash
 * cannot be reversed by trying the IPv4 space without the file, and the day in the input keeps
 * visitors from being followed across days. The raw IP is never stored.
 */
import { hash, randomBytes } from 'node:crypto';
import type { Db } from '../db.js';
import { sqliteStore } from '../database/store.js';
import { first, q, run, type Work } from '../database/work.js';

const SALT_KEY = 'visitor_salt';
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The database's visitor salt, created on first use; safe if two processes or nodes race (the
 * first insert wins, every one reads the same salt), so every node hashes a visitor alike.
 */
export function* visitorSaltWork(): Work<string> {
  yield* run(q('INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING', SALT_KEY, randomBytes(32).toString('hex')));
  const row = yield* first(q<{ value: string }>('SELECT value FROM settings WHERE key = ?', SALT_KEY));
  return (row as { value: string }).value;
}

/** The same on a SQLite connection, synchronously. */
export function visitorSalt(db: Db): string {
  return sqliteStore(db).do(visitorSaltWork());
}

export function visitorHash(salt: string, ip: string, userAgent: string, at: number): string {
  const day = Math.floor(at / DAY_MS);
  // The one-shot hash(): a Hash object per visit cost more than the digest (issue 15).
  return hash('sha256', `${salt}\n${ip}\n${userAgent}\n${day}`, 'hex').slice(0, 32);
}

/**
 * visitorHash() for the redirect hot path: a visitor who comes back the same day (another
 * link, a reload) gets the hash computed for them before instead of a new SHA-256. Kept by
 * address, then agent (the agent's string hash is already computed by the user-agent cache's
 * look-up); forgotten when the UTC day changes, and all at once when it holds maxEntries, so a
 * flood of made-up agents or addresses cannot grow it. It lives in memory only, as the address
 * limits' table does; nothing here is written anywhere.
 */
export class VisitorHashes {
  private readonly byAddress = new Map<string, Map<string, string>>();
  private size = 0;
  private day = Number.NaN;

  constructor(
    private readonly salt: string,
    private readonly maxEntries = 10_000,
  ) {}

  get(ip: string, userAgent: string, at: number): string {
    const day = Math.floor(at / DAY_MS);
    if (day !== this.day) {
      this.clear();
      this.day = day;
    }
    let agents = this.byAddress.get(ip);
    const known = agents?.get(userAgent);
    if (known !== undefined) return known;
    const hashed = visitorHash(this.salt, ip, userAgent, at);
    // Very long agents are hashed, not kept (as the user-agent cache does).
    if (userAgent.length > 512) return hashed;
    if (this.size >= this.maxEntries) {
      this.clear();
      agents = undefined;
    }
    if (agents === undefined) {
      agents = new Map();
      this.byAddress.set(ip, agents);
    }
    agents.set(userAgent, hashed);
    this.size++;
    return hashed;
  }

  /** Visitors kept now (for the memory bound's test). */
  get entries(): number {
    return this.size;
  }

  private clear(): void {
    this.byAddress.clear();
    this.size = 0;
  }
}
