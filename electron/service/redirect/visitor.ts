/**
 * Unique visitors without keeping who they are: a visitor is a salted hash of IP address, user
 * agent and UTC day. The salt is random per service database and never leaves it, so the hash
 * cannot be reversed by trying the IPv4 space without the file, and the day in the input keeps
 * visitors from being followed across days. The raw IP is never stored.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db.js';

const SALT_KEY = 'visitor_salt';
const DAY_MS = 24 * 60 * 60 * 1000;

/** The database's visitor salt, created on first use (safe if two processes race). */
export function visitorSalt(db: Db): string {
  db.prepare('INSERT OR IGNORE INTO settings (key, value) VALUES (?, ?)').run(SALT_KEY, randomBytes(32).toString('hex'));
  const row = db.prepare('SELECT value FROM settings WHERE key = ?').get(SALT_KEY) as { value: string };
  return row.value;
}

export function visitorHash(salt: string, ip: string, userAgent: string, at: number): string {
  const day = Math.floor(at / DAY_MS);
  return createHash('sha256').update(`${salt}\n${ip}\n${userAgent}\n${day}`).digest('hex').slice(0, 32);
}
