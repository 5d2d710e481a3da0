import type { Sql } from './sqlite.js';
import { KeyedError } from '../../shared/keyed-error.js';
import { msg } from '../../shared/message-ref.js';

/**
 * Versioned schema of a profile's data file: the mirror, the sync state and the outbox live in
 * one SQLite file so that "queue this change and show it as pending" is one transaction. Each
 * entry runs once, in order, inside a transaction; `PRAGMA user_version` records how many ran.
 * Never edit a shipped entry: append a new one.
 *
 * Conventions: local times are unix milliseconds; the service's dates are kept as it wrote them
 * (`YYYY-MM-DD HH:MM:SS`, they sort as text); ids are the service's, and a negative id is the
 * provisional id of an object whose create is still in the outbox. Columns that some services
 * only reveal in a link's details are NULL (or flagged unknown) until the details are read.
 */
/**
 * How much a link's state asks for a look, for the list's state order (higher first when
 * descending): a refused change, an unconfirmed one, an expiry (known), a password, private.
 * Written once here: SQLite serves an ORDER BY from an expression index only when the query
 * repeats the index's expression exactly. (A broken health check lives in another table and
 * is left out: the order would then need a join per row.)
 */
export const STATE_RANK = `CASE WHEN failed IS NOT NULL THEN 5 WHEN pending IS NOT NULL THEN 4
  WHEN expiry_known = 1 AND expiry IS NOT NULL THEN 3 WHEN password = 1 THEN 2
  WHEN status = 'private' THEN 1 ELSE 0 END`;

export const MIGRATIONS: readonly string[] = [
  /* 1: mirror, sync state, outbox */ `
  CREATE TABLE links (
    id INTEGER PRIMARY KEY,
    rank INTEGER NOT NULL,                  -- date order (see link-rank.ts); the search index's rowid
    alias TEXT NOT NULL DEFAULT '',
    short_url TEXT NOT NULL DEFAULT '',
    long_url TEXT NOT NULL DEFAULT '',
    clicks INTEGER NOT NULL DEFAULT 0,
    title TEXT NOT NULL DEFAULT '',
    description TEXT NOT NULL DEFAULT '',   -- the link's note
    date TEXT NOT NULL DEFAULT '',
    domain TEXT NOT NULL DEFAULT '',        -- host of the short URL (with its port)
    channel_id INTEGER,
    channel_known INTEGER NOT NULL DEFAULT 0,
    campaign_id INTEGER,
    campaign_known INTEGER NOT NULL DEFAULT 0,
    status TEXT,                            -- public | private; NULL: unknown
    password INTEGER,                       -- 0 | 1; NULL: unknown
    expiry TEXT,
    expiry_known INTEGER NOT NULL DEFAULT 0,
    details TEXT,                           -- JSON of the last details read (without statistics)
    details_at INTEGER,                     -- when they were read; NULL: never
    listed_at INTEGER,                      -- last seen in a list of the service; NULL: only known locally
    stored_at INTEGER NOT NULL,             -- first stored here (sweeps spare rows newer than their start)
    sweep_gen INTEGER NOT NULL DEFAULT 0,   -- the last deletion sweep that saw it
    pending TEXT,                           -- create | update | delete: an unconfirmed change
    failed TEXT,                            -- the service's message for a refused change
    op_id TEXT                              -- the outbox operation behind pending/failed
  );
  CREATE UNIQUE INDEX links_rank ON links(rank);
  CREATE INDEX links_clicks ON links(clicks, rank);
  CREATE INDEX links_title ON links(title COLLATE NOCASE, rank);
  -- Filters (and their "unknown" counts) read these without touching the rows.
  CREATE INDEX links_channel ON links(channel_known, channel_id);
  CREATE INDEX links_campaign ON links(campaign_known, campaign_id);
  CREATE INDEX links_status ON links(status);
  CREATE INDEX links_password ON links(password);
  CREATE INDEX links_expiry ON links(expiry_known, expiry);
  CREATE INDEX links_domain ON links(domain);
  CREATE INDEX links_long_url ON links(long_url);
  CREATE INDEX links_marked ON links(id) WHERE pending IS NOT NULL OR failed IS NOT NULL;

  -- Word-prefix search as you type. Contentless (the text lives once, in links) and keyed by
  -- rank, so that FTS5 hands out matches already in date order and a window stops early.
  CREATE VIRTUAL TABLE links_fts USING fts5(
    alias, short_url, long_url, title, description,
    content = '', contentless_delete = 1,
    prefix = '1 2 3', tokenize = 'unicode61 remove_diacritics 2'
  );
  CREATE TRIGGER links_fts_insert AFTER INSERT ON links BEGIN
    INSERT INTO links_fts (rowid, alias, short_url, long_url, title, description)
    VALUES (new.rank, new.alias, new.short_url, new.long_url, new.title, new.description);
  END;
  CREATE TRIGGER links_fts_delete AFTER DELETE ON links BEGIN
    DELETE FROM links_fts WHERE rowid = old.rank;
  END;
  -- Only when searched text changes: click counts change far more often.
  CREATE TRIGGER links_fts_update AFTER UPDATE OF rank, alias, short_url, long_url, title, description ON links BEGIN
    DELETE FROM links_fts WHERE rowid = old.rank;
    INSERT INTO links_fts (rowid, alias, short_url, long_url, title, description)
    VALUES (new.rank, new.alias, new.short_url, new.long_url, new.title, new.description);
  END;

  -- Statistics over time: every details read, and every changed click count a list showed.
  CREATE TABLE link_snapshots (
    id INTEGER PRIMARY KEY,
    link_id INTEGER NOT NULL,
    at INTEGER NOT NULL,
    source TEXT NOT NULL,                   -- details | list
    clicks INTEGER NOT NULL,
    unique_clicks INTEGER,
    stats TEXT                              -- JSON statistics (details only)
  );
  CREATE INDEX link_snapshots_link ON link_snapshots(link_id, at);

  CREATE TABLE channels (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL DEFAULT '',
    description TEXT NOT NULL DEFAULT '',
    color TEXT NOT NULL DEFAULT '',
    starred INTEGER NOT NULL DEFAULT 0,
    position INTEGER NOT NULL DEFAULT 0,    -- the service's list order
    stored_at INTEGER NOT NULL,
    pending TEXT, failed TEXT, op_id TEXT
  );
  CREATE TABLE channel_items (
    channel_id INTEGER NOT NULL,
    type TEXT NOT NULL,
    item_id INTEGER NOT NULL,
    title TEXT NOT NULL DEFAULT '',
    preview TEXT NOT NULL DEFAULT '',
    link TEXT NOT NULL DEFAULT '',
    date TEXT NOT NULL DEFAULT '',
    position INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (channel_id, type, item_id)
  );
  CREATE INDEX channel_items_item ON channel_items(type, item_id);

  CREATE TABLE campaigns (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL DEFAULT '',
    public INTEGER NOT NULL DEFAULT 0,
    rotator TEXT,
    list TEXT NOT NULL DEFAULT '',
    position INTEGER NOT NULL DEFAULT 0,
    stored_at INTEGER NOT NULL,
    pending TEXT, failed TEXT, op_id TEXT
  );

  CREATE TABLE domains (
    id INTEGER PRIMARY KEY,
    domain TEXT NOT NULL DEFAULT '',
    host TEXT NOT NULL DEFAULT '',          -- lower-case host, to match short URLs
    redirect_root TEXT NOT NULL DEFAULT '',
    redirect_404 TEXT NOT NULL DEFAULT '',
    position INTEGER NOT NULL DEFAULT 0,
    stored_at INTEGER NOT NULL,
    pending TEXT, failed TEXT, op_id TEXT
  );

  CREATE TABLE pixels (
    id INTEGER PRIMARY KEY,
    type TEXT NOT NULL DEFAULT '',
    name TEXT NOT NULL DEFAULT '',
    tag TEXT NOT NULL DEFAULT '',
    date TEXT NOT NULL DEFAULT '',
    position INTEGER NOT NULL DEFAULT 0,
    stored_at INTEGER NOT NULL,
    pending TEXT, failed TEXT, op_id TEXT
  );

  CREATE TABLE overlays (
    id INTEGER PRIMARY KEY,
    type TEXT NOT NULL DEFAULT '',
    name TEXT NOT NULL DEFAULT '',
    date TEXT NOT NULL DEFAULT '',
    position INTEGER NOT NULL DEFAULT 0
  );

  CREATE TABLE splash_pages (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL DEFAULT '',
    date TEXT NOT NULL DEFAULT '',
    position INTEGER NOT NULL DEFAULT 0
  );

  CREATE TABLE account (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    data TEXT NOT NULL,                     -- JSON Account
    fetched_at INTEGER NOT NULL
  );

  -- Key → JSON: when each collection was last synced, the deletion sweep's cursor …
  CREATE TABLE sync_state (key TEXT PRIMARY KEY, value TEXT NOT NULL);

  -- The outbox: every change, written before it is sent, sent in seq order.
  CREATE TABLE outbox (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,  -- never reused: provisional ids are -seq
    op_id TEXT NOT NULL UNIQUE,
    kind TEXT NOT NULL,
    mutation TEXT NOT NULL,                 -- JSON OutboxMutation, ids possibly provisional
    idempotency_key TEXT NOT NULL,          -- sent with every attempt of this operation
    state TEXT NOT NULL,                    -- queued | sending | failed
    provisional_id INTEGER,                 -- creates: the id shown until the service answers
    target_kind TEXT,                       -- the mirrored object it marks (link, channel …)
    target_id INTEGER,
    refs TEXT NOT NULL DEFAULT '[]',        -- provisional ids it refers to (waits for their creates)
    baseline_id INTEGER,                    -- creates: the highest id of that kind mirrored when queued
    attempts INTEGER NOT NULL DEFAULT 0,
    outcome_unknown INTEGER NOT NULL DEFAULT 0,
    last_error TEXT,                        -- JSON {code, message}
    next_attempt_at INTEGER,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
  );
  CREATE INDEX outbox_target ON outbox(target_kind, target_id);

  -- Provisional id → the service's id, once a create is answered (later changes refer to either).
  CREATE TABLE outbox_ids (
    provisional_id INTEGER PRIMARY KEY,
    kind TEXT NOT NULL,
    real_id INTEGER NOT NULL,
    op_id TEXT NOT NULL
  );
  CREATE INDEX outbox_ids_real ON outbox_ids(kind, real_id);
  `,
  /* 2: bulk shortening jobs (see electron/backend/bulk) */ `
  CREATE TABLE bulk_jobs (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    finished_at INTEGER,
    status TEXT NOT NULL,                   -- running | paused | done | cancelled (waiting is computed)
    reuse INTEGER NOT NULL,
    total INTEGER NOT NULL
  );
  CREATE TABLE bulk_rows (
    job_id TEXT NOT NULL REFERENCES bulk_jobs(id) ON DELETE CASCADE,
    idx INTEGER NOT NULL,
    input TEXT NOT NULL,                    -- JSON LinkInput
    status TEXT NOT NULL,                   -- queued | sending | created | reused | failed | cancelled
    op_id TEXT,                             -- the outbox operation while sending
    link_id INTEGER,
    short_url TEXT,
    error TEXT,
    PRIMARY KEY (job_id, idx)
  );
  CREATE INDEX bulk_rows_status ON bulk_rows(job_id, status);
  `,
  /* 3: link health checks (see electron/backend/health) */ `
  CREATE TABLE link_health (
    link_id INTEGER PRIMARY KEY,
    url TEXT NOT NULL,                      -- the long URL checked (a result counts while the link keeps it)
    checked_at INTEGER NOT NULL,
    state TEXT NOT NULL,                    -- ok | broken
    status INTEGER,
    chain TEXT NOT NULL,                    -- JSON RedirectHop[]
    time_ms INTEGER NOT NULL,
    problem TEXT
  );
  CREATE INDEX link_health_state ON link_health(state);
  `,
  /* 4: what this app sent for each link (an update must send the complete link, see link-known-fields.ts) */ `
  CREATE TABLE link_sent_fields (
    link_id INTEGER PRIMARY KEY,
    fields TEXT NOT NULL,                   -- JSON: the update-shaped fields last sent (the link's password too)
    updated_at INTEGER NOT NULL             -- when the service confirmed them
  );
  `,
  /* 5: click readings for analytics (see click-readings.ts) */ `
  -- A link's click total each time it changed, as lists and details showed it. delta is the
  -- change since the link's previous reading (its whole total on the first), so a sum of deltas
  -- up to a time is the profile's total then, with no per-link "last reading" look-ups.
  CREATE TABLE click_readings (
    id INTEGER PRIMARY KEY,
    link_id INTEGER NOT NULL,
    at INTEGER NOT NULL,
    clicks INTEGER NOT NULL,
    delta INTEGER NOT NULL,
    first INTEGER NOT NULL DEFAULT 0        -- 1: the first reading (clicks from before it was watched)
  );
  CREATE INDEX click_readings_link ON click_readings(link_id, at);
  -- Covering: range sums (timelines, gains per link) read the index alone.
  CREATE INDEX click_readings_at ON click_readings(at, link_id, first, delta);
  -- Links mirrored before this table existed start from what the mirror holds now.
  INSERT INTO click_readings (link_id, at, clicks, delta, first)
    SELECT id, COALESCE(listed_at, details_at, stored_at), clicks, clicks, 1 FROM links WHERE id > 0;
  `,
  /* 6: the links list's column headers sort by alias, destination and state, each walked in its index */ `
  CREATE INDEX links_alias ON links(alias COLLATE NOCASE, rank);
  CREATE INDEX links_url ON links(long_url COLLATE NOCASE, rank);
  CREATE INDEX links_state ON links((${STATE_RANK}), rank);
  `,
  /* 7: clicks a link had at the service it was imported from (see electron/backend/bulk/former-clicks.ts) */ `
  CREATE TABLE bulk_row_origins (
    job_id TEXT NOT NULL,
    idx INTEGER NOT NULL,
    clicks INTEGER NOT NULL,
    PRIMARY KEY (job_id, idx)
  ) WITHOUT ROWID;
  ALTER TABLE bulk_jobs ADD COLUMN source TEXT;  -- the service an import came from ("Bitly export")
  CREATE TABLE link_origins (
    link_id INTEGER PRIMARY KEY,
    source TEXT NOT NULL,
    clicks INTEGER NOT NULL,
    recorded_at INTEGER NOT NULL
  );
  `,
  /* 8: an import row's choice when the service refuses its custom alias as taken (see electron/backend/bulk/alias-taken.ts) */ `
  ALTER TABLE bulk_rows ADD COLUMN on_alias_taken TEXT;  -- random | skip; NULL: the row fails with the service's words
  `,
  /* 9: copies and moves from another profile, kept with the target's bulk job (see electron/backend/transfer/transfer-store.ts) */ `
  CREATE TABLE transfer_jobs (
    job_id TEXT PRIMARY KEY,
    mode TEXT NOT NULL,                     -- copy | move
    source_profile_id TEXT NOT NULL,
    source_name TEXT NOT NULL,
    target_name TEXT NOT NULL,
    left_out TEXT NOT NULL                  -- JSON: the pixels, overlays and splash pages left out
  ) WITHOUT ROWID;
  CREATE TABLE transfer_rows (
    job_id TEXT NOT NULL,
    idx INTEGER NOT NULL,
    source_link_id INTEGER NOT NULL,
    source_short_url TEXT NOT NULL,
    removal TEXT,                           -- move: pending | removed | failed; NULL: not asked yet
    delete_op_id TEXT,                      -- the delete in the SOURCE profile's outbox
    error TEXT,
    PRIMARY KEY (job_id, idx)
  ) WITHOUT ROWID;
  `,
  /* 10: an import keeps, per source, a link's created date and tags there beside its clicks (see electron/backend/bulk/former-clicks.ts) */ `
  CREATE TABLE bulk_row_origins_next (
    job_id TEXT NOT NULL,
    idx INTEGER NOT NULL,
    clicks INTEGER,                         -- NULL: the row had no count
    created_at INTEGER,                     -- Unix ms it was made at the source
    tags TEXT,                              -- JSON list: its tags there after the first
    PRIMARY KEY (job_id, idx)
  ) WITHOUT ROWID;
  INSERT INTO bulk_row_origins_next (job_id, idx, clicks) SELECT job_id, idx, clicks FROM bulk_row_origins;
  DROP TABLE bulk_row_origins;
  ALTER TABLE bulk_row_origins_next RENAME TO bulk_row_origins;
  ALTER TABLE bulk_jobs ADD COLUMN source_service TEXT;  -- "Bitly": the service the import came from
  CREATE TABLE link_origins_next (
    link_id INTEGER NOT NULL,
    source TEXT NOT NULL,
    service TEXT,
    clicks INTEGER,
    created_at INTEGER,
    tags TEXT,
    recorded_at INTEGER NOT NULL,
    PRIMARY KEY (link_id, source)           -- one entry per source: another source adds one
  ) WITHOUT ROWID;
  INSERT INTO link_origins_next (link_id, source, clicks, recorded_at) SELECT link_id, source, clicks, recorded_at FROM link_origins;
  DROP TABLE link_origins;
  ALTER TABLE link_origins_next RENAME TO link_origins;
  `,
  /* 11 (issue 31): QR codes. The list columns come from the service's list; type and content
   * from its details or from what this app sent; details holds the last read of GET /api/qr/:id. */ `
  CREATE TABLE qr_codes (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL DEFAULT '',
    link TEXT NOT NULL DEFAULT '',
    scans INTEGER NOT NULL DEFAULT 0,
    date TEXT NOT NULL DEFAULT '',
    type TEXT,
    content TEXT,                           -- JSON: the data the code holds, when known
    short_url TEXT,                         -- the hidden short link a dynamic code holds, when known
    details TEXT,                           -- JSON QrDetails
    details_at INTEGER,
    position INTEGER NOT NULL DEFAULT 0,
    stored_at INTEGER NOT NULL,
    pending TEXT, failed TEXT, op_id TEXT
  );
  -- A create whose answer was lost: when the request that may have made it left (item 4 of
  -- issue 31: it is looked up at once, and sent again only once the service's longest run since
  -- then is over and a second look-up still finds nothing).
  ALTER TABLE outbox ADD COLUMN lost_at INTEGER;
  `,
  /* issue 39: what an imported row could not take (its old alias and expiry, values left out, its
   * adjustments in words), JSON KeptValues (electron/shared/import-adjust.ts); see electron/backend/bulk/former-clicks.ts */ `
  ALTER TABLE bulk_row_origins ADD COLUMN kept TEXT;
  ALTER TABLE link_origins ADD COLUMN kept TEXT;
  `,
];

/** Brings the file's schema up to date. */
export function migrate(sql: Sql): void {
  const raw = sql.db.pragma('user_version', { simple: true }) as number | { user_version?: number };
  let version = typeof raw === 'number' ? raw : (raw.user_version ?? 0);
  if (version > MIGRATIONS.length) {
    // Keyed (issue 44): it reaches the person (the profile cannot open), in their language.
    throw new KeyedError(msg('errors.profileData.newerSchema', { version: String(version) }));
  }
  for (; version < MIGRATIONS.length; version++) {
    const text = MIGRATIONS[version] as string;
    sql.transaction(() => {
      sql.exec(text);
      sql.exec(`PRAGMA user_version = ${version + 1}`);
    });
  }
}
