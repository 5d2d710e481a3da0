import { openDatabase, type Db } from '../../../../electron/service/db.js';
import { hashApiKey } from '../../../../electron/service/api-keys.js';
import type { TestService } from '../../../support/service.js';

/*
 * Arranging a test service's data straight in its SQLite file (a second connection: WAL lets
 * it write beside the running service), so that 10,000 links take a second, not minutes of
 * API calls. Used by the mirror, sync and outbox integration tests.
 */

const WORDS = [
  'spring',
  'summer',
  'autumn',
  'winter',
  'sale',
  'shoes',
  'travel',
  'guide',
  'news',
  'report',
  'launch',
  'offer',
  'product',
  'review',
  'video',
  'podcast',
  'webinar',
  'event',
  'blog',
  'docs',
  'pricing',
  'careers',
  'contact',
  'support',
  'download',
  'release',
  'coupon',
  'promo',
  'market',
  'growth',
  'social',
  'email',
  'campaign',
  'café',
  'über',
  'naïve',
];
const HOSTS = [
  'example.com',
  'shop.example.org',
  'news.site.net',
  'blog.acme.io',
  'docs.widget.dev',
];

export interface SeedOptions {
  /** Start of creation times (unix ms); each link one second after the previous. */
  start?: number;
  /** Channel ids to spread links over (every third link stays out). */
  channels?: number[];
  campaigns?: number[];
  /** A branded domain id for every fifth link. */
  domainId?: number;
  /** Deterministic pseudo-random seed. */
  seed?: number;
}

export interface ServiceSeeder {
  db: Db;
  userId: number;
  /** Inserts `count` links with varied fields in one transaction; answers their ids. */
  links(count: number, options?: SeedOptions): number[];
  channel(name: string): number;
  campaign(name: string): number;
  domain(domain: string): number;
  /** Sets a link's click counter (as redirects would). */
  setClicks(id: number, clicks: number): void;
  close(): void;
}

export function openSeeder(service: Pick<TestService, 'dataDir' | 'key'>): ServiceSeeder {
  const db = openDatabase(service.dataDir);
  const user = db.prepare('SELECT id FROM users WHERE api_key_hash = ?').get(hashApiKey(service.key)) as {
    id: number;
  };
  const insertId = (sql: string, ...args: unknown[]) =>
    Number(db.prepare(sql).run(...args).lastInsertRowid);
  let aliasCounter = 0;
  return {
    db,
    userId: user.id,
    links(count, options = {}) {
      let seed = options.seed ?? 7;
      const rnd = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
      const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)] as T;
      const start = options.start ?? Date.UTC(2025, 0, 1);
      const insert = db.prepare(
        `INSERT INTO links (user_id, domain_id, alias, custom, long_url, title, note, status, password_hash,
           expires_at, meta_title, channel_id, channel_added_at, campaign_id, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      );
      // The counter row is made with the link (a trigger, schema 7); the seed sets its count.
      const setCount = db.prepare('UPDATE link_counts SET clicks = ? WHERE link_id = ?');
      const ids: number[] = [];
      db.transaction(() => {
        for (let i = 0; i < count; i++) {
          const [a, b, c] = [pick(WORDS), pick(WORDS), pick(WORDS)];
          const alias = `s${(aliasCounter++).toString(36)}${Math.floor(rnd() * 1e6).toString(36)}`;
          const created = start + i * 1000;
          const channel = options.channels?.length && i % 3 !== 0 ? pick(options.channels) : null;
          const campaign =
            options.campaigns?.length && i % 4 === 0 ? pick(options.campaigns) : null;
          const id = Number(
            insert.run(
              user.id,
              options.domainId && i % 5 === 0 ? options.domainId : 0,
              alias,
              i % 7 === 0 ? 1 : 0,
              `https://${pick(HOSTS)}/${a}/${b}-${i}?utm_source=${c}`,
              `${a[0]!.toUpperCase()}${a.slice(1)} ${b} ${c}`,
              i % 3 === 0 ? `Note about ${c}` : '',
              i % 2 === 0 ? 'public' : 'private',
              i % 11 === 0 ? 'x:y' : null,
              i % 13 === 0 ? created - 1 : i % 17 === 0 ? created + 10 * 365 * 86_400_000 : null,
              '',
              channel,
              channel ? created : null,
              campaign,
              created,
              created,
            ).lastInsertRowid,
          );
          setCount.run(Math.floor(rnd() * 5000), id);
          ids.push(id);
        }
      })();
      return ids;
    },
    channel: (name) =>
      insertId(
        'INSERT INTO channels (user_id, name, created_at) VALUES (?, ?, ?)',
        user.id,
        name,
        Date.now(),
      ),
    campaign: (name) =>
      insertId(
        'INSERT INTO campaigns (user_id, name, created_at) VALUES (?, ?, ?)',
        user.id,
        name,
        Date.now(),
      ),
    domain: (domain) =>
      insertId(
        'INSERT INTO domains (user_id, domain, host, created_at) VALUES (?, ?, ?, ?)',
        user.id,
        domain,
        new URL(domain).host,
        Date.now(),
      ),
    setClicks: (id, clicks) =>
      void db.prepare('UPDATE link_counts SET clicks = ? WHERE link_id = ?').run(clicks, id),
    close: () => db.close(),
  };
}
