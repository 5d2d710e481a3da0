import { apiKeyPrefix, hashApiKey } from './api-keys.js';
import type { Db } from './db.js';

/**
 * Versioned schema of the local link service. Each entry runs once, in order, inside a
 * transaction; `PRAGMA user_version` records how many have run. Never edit a shipped entry:
 * append a new one. An entry is SQL, or a function for what SQL cannot do (hashing).
 *
 * Conventions: times are unix milliseconds (formatted only at the API edge); JSON columns hold
 * the shapes of the spec's link input fields exactly as accepted; `domain_id` 0 is the service's
 * own host.
 */
export type Migration = string | ((db: Db) => void);

export const migrations: readonly Migration[] = [
  /* 1: initial schema */ `
  CREATE TABLE users (
    id INTEGER PRIMARY KEY AUTOINCREMENT, -- ids of deleted rows are never reused
    email TEXT NOT NULL UNIQUE COLLATE NOCASE,
    username TEXT NOT NULL,
    password_hash TEXT,
    api_key TEXT NOT NULL UNIQUE,
    status TEXT NOT NULL DEFAULT 'pro',
    expires_at INTEGER,
    created_at INTEGER NOT NULL
  );

  CREATE TABLE domains (
    id INTEGER PRIMARY KEY AUTOINCREMENT, -- ids of deleted rows are never reused
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    domain TEXT NOT NULL,              -- as given, with its scheme: https://go.example.com
    host TEXT NOT NULL UNIQUE,         -- lower-case host (and port) used to match requests
    redirect_root TEXT NOT NULL DEFAULT '',
    redirect_404 TEXT NOT NULL DEFAULT '',
    created_at INTEGER NOT NULL
  );

  CREATE TABLE channels (
    id INTEGER PRIMARY KEY AUTOINCREMENT, -- ids of deleted rows are never reused
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    color TEXT NOT NULL DEFAULT '',
    starred INTEGER NOT NULL DEFAULT 0,
    created_at INTEGER NOT NULL
  );

  CREATE TABLE campaigns (
    id INTEGER PRIMARY KEY AUTOINCREMENT, -- ids of deleted rows are never reused
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    name TEXT NOT NULL DEFAULT '',
    slug TEXT UNIQUE,                  -- rotator slug: /r/<slug>; NULL when none
    public INTEGER NOT NULL DEFAULT 0,
    created_at INTEGER NOT NULL
  );

  CREATE TABLE pixels (
    id INTEGER PRIMARY KEY AUTOINCREMENT, -- ids of deleted rows are never reused
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    type TEXT NOT NULL,
    name TEXT NOT NULL,
    tag TEXT NOT NULL,
    created_at INTEGER NOT NULL
  );

  -- Call-to-action overlays and splash pages are made on the service's website; the API only
  -- lists them. config holds what the interstitial page shows (JSON).
  CREATE TABLE overlays (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    type TEXT NOT NULL,
    name TEXT NOT NULL,
    config TEXT NOT NULL DEFAULT '{}',
    created_at INTEGER NOT NULL
  );

  CREATE TABLE splash_pages (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    config TEXT NOT NULL DEFAULT '{}',
    created_at INTEGER NOT NULL
  );

  CREATE TABLE links (
    -- Never reused: clients mirror links by id and stop incremental syncs at a known id.
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    domain_id INTEGER NOT NULL DEFAULT 0,   -- 0: the service's own host
    alias TEXT NOT NULL,
    custom INTEGER NOT NULL DEFAULT 0,      -- 1 when the alias was chosen by the user
    long_url TEXT NOT NULL,
    title TEXT NOT NULL DEFAULT '',
    note TEXT NOT NULL DEFAULT '',          -- the API's "description"
    redirect_type TEXT NOT NULL DEFAULT 'direct', -- direct | frame | splash | splash-page | overlay
    splash_id INTEGER,                      -- with redirect_type 'splash-page'
    overlay_id INTEGER,                     -- with redirect_type 'overlay'
    password_hash TEXT,                     -- NULL: no password
    expires_at INTEGER,                     -- NULL: never
    status TEXT NOT NULL DEFAULT 'private', -- public | private
    meta_title TEXT NOT NULL DEFAULT '',
    meta_description TEXT NOT NULL DEFAULT '',
    meta_image TEXT NOT NULL DEFAULT '',
    geotarget TEXT NOT NULL DEFAULT '[]',      -- [{location, link}]
    devicetarget TEXT NOT NULL DEFAULT '[]',   -- [{device, link}]
    languagetarget TEXT NOT NULL DEFAULT '[]', -- [{language, link}]
    deeplink TEXT NOT NULL DEFAULT '{}',       -- {apple?, google?, auto?}
    parameters TEXT NOT NULL DEFAULT '[]',     -- [{name, value}]
    channel_id INTEGER REFERENCES channels(id) ON DELETE SET NULL,
    channel_added_at INTEGER,
    campaign_id INTEGER REFERENCES campaigns(id) ON DELETE SET NULL,
    clicks INTEGER NOT NULL DEFAULT 0,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    UNIQUE (domain_id, alias)
  );
  CREATE INDEX links_user_date ON links(user_id, id DESC);
  CREATE INDEX links_user_clicks ON links(user_id, clicks DESC, id DESC);
  CREATE INDEX links_channel ON links(channel_id);
  CREATE INDEX links_campaign ON links(campaign_id);

  CREATE TABLE link_pixels (
    link_id INTEGER NOT NULL REFERENCES links(id) ON DELETE CASCADE,
    pixel_id INTEGER NOT NULL REFERENCES pixels(id) ON DELETE CASCADE,
    PRIMARY KEY (link_id, pixel_id)
  );

  -- One row per redirect. visitor is a salted hash of IP + user agent + day (never the raw IP).
  CREATE TABLE clicks (
    id INTEGER PRIMARY KEY,
    link_id INTEGER NOT NULL REFERENCES links(id) ON DELETE CASCADE,
    at INTEGER NOT NULL,
    country TEXT NOT NULL DEFAULT '',   -- ISO 3166 alpha-2, '' when unknown
    referrer TEXT NOT NULL DEFAULT '',  -- referrer host, '' when direct
    browser TEXT NOT NULL DEFAULT '',
    os TEXT NOT NULL DEFAULT '',
    device TEXT NOT NULL DEFAULT '',
    visitor TEXT NOT NULL
  );
  CREATE INDEX clicks_link ON clicks(link_id, at);

  -- Safe retries: a POST repeated with the same Idempotency-Key and body replays this answer.
  CREATE TABLE idempotency (
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    key TEXT NOT NULL,
    request_hash TEXT NOT NULL,
    status INTEGER NOT NULL,
    body TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    PRIMARY KEY (user_id, key)
  );

  -- Service-wide settings, e.g. the salt of visitor hashes.
  CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
  `,
  /* 2: API keys are kept as SHA-256 hashes (the column keeps its UNIQUE index), with a short
   * prefix so `keys` can tell them apart; the keys of an existing database are hashed here. */
  (db) => {
    // The clear keys must not survive in freed space of the table and index pages.
    db.pragma('secure_delete = ON');
    db.exec(`ALTER TABLE users RENAME COLUMN api_key TO api_key_hash;
      ALTER TABLE users ADD COLUMN api_key_prefix TEXT NOT NULL DEFAULT '';`);
    const rows = db.prepare('SELECT id, api_key_hash AS key FROM users').all() as { id: number; key: string }[];
    const update = db.prepare('UPDATE users SET api_key_hash = ?, api_key_prefix = ? WHERE id = ?');
    for (const row of rows) update.run(hashApiKey(row.key), apiKeyPrefix(row.key), row.id);
  },
  /* 3: avatars are served at an unguessable address, /avatar/<token>.svg, instead of at the
   * user's sequential id (which let anyone count and walk the users). 128 random bits from
   * SQLite's randomblob (seeded by the operating system), for existing users here and for new
   * ones by the trigger, so no code that adds users has to remember it. */ `
  ALTER TABLE users ADD COLUMN avatar_token TEXT;
  UPDATE users SET avatar_token = lower(hex(randomblob(16)));
  CREATE UNIQUE INDEX users_avatar_token ON users(avatar_token);
  CREATE TRIGGER users_avatar_token AFTER INSERT ON users FOR EACH ROW WHEN NEW.avatar_token IS NULL
  BEGIN
    UPDATE users SET avatar_token = lower(hex(randomblob(16))) WHERE id = NEW.id;
  END;
  `,
  /* 4 (issue 31): QR codes. A dynamic type (link, email, phone, smsonly, whatsapp, vcard, event)
   * gets a hidden short link (links.qr_id set) that its image encodes, so a scan is a visit
   * counted like a click; static types (text, sms, wifi, staticvcard) have none. Hidden links are
   * left out of the user's link lists and of GET /api/url/:id. */ `
  CREATE TABLE qr_codes (
    id INTEGER PRIMARY KEY AUTOINCREMENT, -- ids of deleted rows are never reused
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    alias TEXT NOT NULL UNIQUE,            -- the image is served at /qr/<alias>
    name TEXT NOT NULL DEFAULT '',
    type TEXT NOT NULL,
    data TEXT NOT NULL,                    -- JSON: the data as accepted (string or object)
    background TEXT NOT NULL DEFAULT 'rgb(255,255,255)',
    foreground TEXT NOT NULL DEFAULT 'rgb(0,0,0)',
    logo TEXT NOT NULL DEFAULT '',
    link_id INTEGER REFERENCES links(id) ON DELETE SET NULL,
    channel_id INTEGER REFERENCES channels(id) ON DELETE SET NULL,
    channel_added_at INTEGER,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
  );
  CREATE INDEX qr_codes_user ON qr_codes(user_id, id DESC);
  CREATE INDEX qr_codes_channel ON qr_codes(channel_id);
  ALTER TABLE links ADD COLUMN qr_id INTEGER;
  `,
  /* 5 (issue 32): the link lists filter out QR codes' hidden links (qr_id IS NULL), which no
   * index held: the total of GET /api/urls read every link's row (~35 ms at 100,000 links, the
   * benchmark's API goal is 10). This index answers the total from the index alone and gives the
   * newest-first page in order; clicks never change it, so the click writer does not touch it. */ `
  CREATE INDEX links_user_listed ON links(user_id, qr_id, id DESC);
  `,
];
