import { CompiledQuery, sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import { apiKeyPrefix, hashApiKey } from '../api-keys.js';
import { builderFor, type EngineKind } from './dialects.js';

/**
 * Versioned schema of the link service, one history for SQLite and PostgreSQL, written with
 * Kysely's schema builder (compiled per engine). Each entry runs once, in order, inside a
 * transaction; the version is SQLite's `PRAGMA user_version` or PostgreSQL's
 * `linkdeck_schema.version` (database/migrate.ts). Never edit a shipped entry: append a new
 * one. The SQL of entries 1–5 on SQLite is what the service shipped before PostgreSQL (same
 * tables, columns, types, constraints and indexes), so existing files simply continue.
 *
 * Conventions: times are unix milliseconds (bigint on PostgreSQL); JSON columns hold the shapes
 * of the spec's link input fields exactly as accepted; `domain_id` 0 is the service's own host;
 * flags are 0/1 integers on both engines.
 */
export interface Migration {
  /** The statements, in order. */
  statements(kind: EngineKind): CompiledQuery[];
  /** What SQL cannot do (hashing): the rows read, and the statement each one becomes. */
  rewrite?: {
    rows(kind: EngineKind): CompiledQuery;
    each(kind: EngineKind, row: Record<string, unknown>): CompiledQuery;
  };
  /** SQLite only: a PRAGMA set before the statements (they cannot be compiled by a builder). */
  sqlitePragma?: string;
}

// Kysely<any>, as Kysely's migration docs do: a migration sees the tables as they were at its
// version, not as tables.ts says now.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const b = (kind: EngineKind) => builderFor(kind) as unknown as Kysely<any>;
const ms = (kind: EngineKind) => (kind === 'postgres' ? 'bigint' : 'integer');
/** Ids never reused (SQLite's AUTOINCREMENT; an identity column on PostgreSQL, explicit ids allowed for copies). */
const serialId = (kind: EngineKind) => (c: ColumnDefinitionBuilder) =>
  kind === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey().generatedByDefaultAsIdentity();
/** SQLite's rowid (a deleted id may come back); an identity column on PostgreSQL. */
const rowId = (kind: EngineKind) => (c: ColumnDefinitionBuilder) =>
  kind === 'sqlite' ? c.primaryKey() : c.primaryKey().generatedByDefaultAsIdentity();
const raw = (text: string) => CompiledQuery.raw(text);

function initialSchema(kind: EngineKind): CompiledQuery[] {
  const k = b(kind);
  const t = ms(kind);
  const userRef = (c: ColumnDefinitionBuilder) => c.notNull().references('users.id').onDelete('cascade');
  const out: CompiledQuery[] = [
    k.schema
      .createTable('users')
      .addColumn('id', 'integer', serialId(kind))
      // Compared without regard to case: SQLite's NOCASE here, an index on lower(email) on PostgreSQL.
      .addColumn('email', 'text', (c) => (kind === 'sqlite' ? c.notNull().unique().modifyEnd(sql`COLLATE NOCASE`) : c.notNull()))
      .addColumn('username', 'text', (c) => c.notNull())
      .addColumn('password_hash', 'text')
      .addColumn('api_key', 'text', (c) => c.notNull().unique())
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('pro'))
      .addColumn('expires_at', t)
      .addColumn('created_at', t, (c) => c.notNull())
      .compile(),
  ];
  if (kind === 'postgres') out.push(raw('CREATE UNIQUE INDEX users_email_ci ON users (lower(email))'));
  out.push(
    k.schema
      .createTable('domains')
      .addColumn('id', 'integer', serialId(kind))
      .addColumn('user_id', 'integer', userRef)
      .addColumn('domain', 'text', (c) => c.notNull()) // as given, with its scheme
      .addColumn('host', 'text', (c) => c.notNull().unique()) // lower-case host (and port)
      .addColumn('redirect_root', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('redirect_404', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', t, (c) => c.notNull())
      .compile(),
    k.schema
      .createTable('channels')
      .addColumn('id', 'integer', serialId(kind))
      .addColumn('user_id', 'integer', userRef)
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('color', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('starred', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', t, (c) => c.notNull())
      .compile(),
    k.schema
      .createTable('campaigns')
      .addColumn('id', 'integer', serialId(kind))
      .addColumn('user_id', 'integer', userRef)
      .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('slug', 'text', (c) => c.unique()) // rotator slug: /r/<slug>; NULL when none
      .addColumn('public', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', t, (c) => c.notNull())
      .compile(),
  );
  out.push(
    k.schema
      .createTable('pixels')
      .addColumn('id', 'integer', serialId(kind))
      .addColumn('user_id', 'integer', userRef)
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('tag', 'text', (c) => c.notNull())
      .addColumn('created_at', t, (c) => c.notNull())
      .compile(),
    // Overlays and splash pages are made on the service's website; the API only lists them.
    k.schema
      .createTable('overlays')
      .addColumn('id', 'integer', rowId(kind))
      .addColumn('user_id', 'integer', userRef)
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('config', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('created_at', t, (c) => c.notNull())
      .compile(),
    k.schema
      .createTable('splash_pages')
      .addColumn('id', 'integer', rowId(kind))
      .addColumn('user_id', 'integer', userRef)
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('config', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('created_at', t, (c) => c.notNull())
      .compile(),
    k.schema
      .createTable('links')
      // Never reused: clients mirror links by id and stop incremental syncs at a known id.
      .addColumn('id', 'integer', serialId(kind))
      .addColumn('user_id', 'integer', userRef)
      .addColumn('domain_id', 'integer', (c) => c.notNull().defaultTo(0)) // 0: the service's own host
      .addColumn('alias', 'text', (c) => c.notNull())
      .addColumn('custom', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('long_url', 'text', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('redirect_type', 'text', (c) => c.notNull().defaultTo('direct'))
      .addColumn('splash_id', 'integer')
      .addColumn('overlay_id', 'integer')
      .addColumn('password_hash', 'text')
      .addColumn('expires_at', t)
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('private'))
      .addColumn('meta_title', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('meta_description', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('meta_image', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('geotarget', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('devicetarget', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('languagetarget', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('deeplink', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('parameters', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('channel_id', 'integer', (c) => c.references('channels.id').onDelete('set null'))
      .addColumn('channel_added_at', t)
      .addColumn('campaign_id', 'integer', (c) => c.references('campaigns.id').onDelete('set null'))
      .addColumn('clicks', t, (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', t, (c) => c.notNull())
      .addColumn('updated_at', t, (c) => c.notNull())
      // The alias is unique per host on every node at once: the database decides, not a process.
      .addUniqueConstraint('links_domain_alias', ['domain_id', 'alias'])
      .compile(),
    k.schema.createIndex('links_user_date').on('links').columns(['user_id', 'id desc']).compile(),
    k.schema.createIndex('links_user_clicks').on('links').columns(['user_id', 'clicks desc', 'id desc']).compile(),
    k.schema.createIndex('links_channel').on('links').column('channel_id').compile(),
    k.schema.createIndex('links_campaign').on('links').column('campaign_id').compile(),
    k.schema
      .createTable('link_pixels')
      .addColumn('link_id', 'integer', (c) => c.notNull().references('links.id').onDelete('cascade'))
      .addColumn('pixel_id', 'integer', (c) => c.notNull().references('pixels.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('link_pixels_pk', ['link_id', 'pixel_id'])
      .compile(),
    // One row per redirect. visitor is a salted hash of IP + user agent + day (never the raw IP).
    k.schema
      .createTable('clicks')
      .addColumn('id', kind === 'postgres' ? 'bigint' : 'integer', rowId(kind))
      .addColumn('link_id', 'integer', (c) => c.notNull().references('links.id').onDelete('cascade'))
      .addColumn('at', t, (c) => c.notNull())
      .addColumn('country', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('referrer', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('browser', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('os', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('device', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('visitor', 'text', (c) => c.notNull())
      .compile(),
    k.schema.createIndex('clicks_link').on('clicks').columns(['link_id', 'at']).compile(),
    // Safe retries: a POST repeated with the same Idempotency-Key and body replays this answer.
    k.schema
      .createTable('idempotency')
      .addColumn('user_id', 'integer', userRef)
      .addColumn('key', 'text', (c) => c.notNull())
      .addColumn('request_hash', 'text', (c) => c.notNull())
      .addColumn('status', 'integer', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('created_at', t, (c) => c.notNull())
      .addPrimaryKeyConstraint('idempotency_pk', ['user_id', 'key'])
      .compile(),
    // Service-wide settings, e.g. the salt of visitor hashes.
    k.schema
      .createTable('settings')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .compile(),
  );
  return out;
}

export const migrations: readonly Migration[] = [
  /* 1: initial schema */ { statements: initialSchema },
  /* 2: API keys are kept as SHA-256 hashes (the column keeps its UNIQUE index), with a short
   * prefix so `keys` can tell them apart; the keys of an existing database are hashed here.
   * The clear keys must not survive in freed space of SQLite's pages (secure_delete). */
  {
    sqlitePragma: 'secure_delete = ON',
    statements: (kind) => [
      b(kind).schema.alterTable('users').renameColumn('api_key', 'api_key_hash').compile(),
      b(kind).schema.alterTable('users').addColumn('api_key_prefix', 'text', (c) => c.notNull().defaultTo('')).compile(),
    ],
    rewrite: {
      rows: (kind) => b(kind).selectFrom('users').select(['id', 'api_key_hash as key']).compile(),
      each: (kind, row) =>
        b(kind)
          .updateTable('users')
          .set({ api_key_hash: hashApiKey(String(row.key)), api_key_prefix: apiKeyPrefix(String(row.key)) })
          .where('id', '=', Number(row.id))
          .compile(),
    },
  },
  /* 3: avatars are served at an unguessable address, /avatar/<token>.svg, instead of at the
   * user's sequential id (which let anyone count and walk the users). Random bits from the
   * engine (SQLite's randomblob, PostgreSQL's gen_random_uuid: both seeded by the operating
   * system), for existing users here and for new ones by the engine itself (a trigger, a
   * default), so no code that adds users has to remember it. */
  {
    statements: (kind) =>
      kind === 'sqlite'
        ? [
            raw('ALTER TABLE users ADD COLUMN avatar_token TEXT'),
            raw('UPDATE users SET avatar_token = lower(hex(randomblob(16)))'),
            raw('CREATE UNIQUE INDEX users_avatar_token ON users(avatar_token)'),
            raw(`CREATE TRIGGER users_avatar_token AFTER INSERT ON users FOR EACH ROW WHEN NEW.avatar_token IS NULL
  BEGIN
    UPDATE users SET avatar_token = lower(hex(randomblob(16))) WHERE id = NEW.id;
  END`),
          ]
        : [
            // A volatile default: existing rows each get their own value, as new rows do.
            raw(`ALTER TABLE users ADD COLUMN avatar_token TEXT DEFAULT replace(gen_random_uuid()::text, '-', '')`),
            raw('CREATE UNIQUE INDEX users_avatar_token ON users(avatar_token)'),
          ],
  },
  /* 4 (issue 31): QR codes. A dynamic type (link, email, phone, smsonly, whatsapp, vcard, event)
   * gets a hidden short link (links.qr_id set) that its image encodes, so a scan is a visit
   * counted like a click; static types (text, sms, wifi, staticvcard) have none. Hidden links are
   * left out of the user's link lists and of GET /api/url/:id. */
  {
    statements: (kind) => {
      const k = b(kind);
      const t = ms(kind);
      return [
        k.schema
          .createTable('qr_codes')
          .addColumn('id', 'integer', serialId(kind))
          .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('alias', 'text', (c) => c.notNull().unique()) // the image is served at /qr/<alias>
          .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('type', 'text', (c) => c.notNull())
          .addColumn('data', 'text', (c) => c.notNull()) // JSON: the data as accepted
          .addColumn('background', 'text', (c) => c.notNull().defaultTo('rgb(255,255,255)'))
          .addColumn('foreground', 'text', (c) => c.notNull().defaultTo('rgb(0,0,0)'))
          .addColumn('logo', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('link_id', 'integer', (c) => c.references('links.id').onDelete('set null'))
          .addColumn('channel_id', 'integer', (c) => c.references('channels.id').onDelete('set null'))
          .addColumn('channel_added_at', t)
          .addColumn('created_at', t, (c) => c.notNull())
          .addColumn('updated_at', t, (c) => c.notNull())
          .compile(),
        k.schema.createIndex('qr_codes_user').on('qr_codes').columns(['user_id', 'id desc']).compile(),
        k.schema.createIndex('qr_codes_channel').on('qr_codes').column('channel_id').compile(),
        k.schema.alterTable('links').addColumn('qr_id', 'integer').compile(),
      ];
    },
  },
  /* 5 (issue 32): the link lists filter out QR codes' hidden links (qr_id IS NULL), which no
   * index held: the total of GET /api/urls read every link's row (~35 ms at 100,000 links, the
   * benchmark's API goal is 10). This index answers the total from the index alone and gives the
   * newest-first page in order; clicks never change it, so the click writer does not touch it. */
  {
    statements: (kind) => [
      b(kind).schema.createIndex('links_user_listed').on('links').columns(['user_id', 'qr_id', 'id desc']).compile(),
    ],
  },
  /* 6 (issue 42): the per-key budget of 30 API requests a minute, kept by the database when
   * several nodes share it (rate-limit-postgres.ts: one atomic upsert per request). One row per
   * key's user: the start of its fixed window and the requests counted in it. Made on SQLite too
   * (one history), where the single process keeps the budget in memory and leaves it empty. */
  {
    statements: (kind) => [
      b(kind)
        .schema.createTable('rate_windows')
        .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('window_start', ms(kind), (c) => c.notNull())
        .addColumn('count', 'integer', (c) => c.notNull())
        .compile(),
    ],
  },
  /* 7 (issue 42): a link's click counter moves out of the wide links row into a narrow table of
   * its own. Every click batch raises counters; on PostgreSQL an UPDATE of links was never HOT
   * (links_user_clicks holds clicks), so each one wrote a new copy of the wide row and an entry
   * in every index of links (~3,400–4,300 clicks/s for the whole database, docs/benchmarks.md).
   * Here a batch rewrites a row of three numbers and two index entries (its key and the sort
   * index, which still holds clicks: GET /api/urls?order=click stays an index walk). The row
   * is made by the engine when a link is inserted (a trigger, in the same statement), so no
   * code that adds links, nor a copy (migrate-to.ts), can leave a link without one; it goes
   * with its link (ON DELETE CASCADE). user_id repeats the link's owner (a link never changes
   * owner) so the sort index starts with it. */
  {
    statements: (kind) => {
      const k = b(kind);
      const count = kind === 'postgres' ? 'bigint' : 'integer';
      return [
        k.schema
          .createTable('link_counts')
          // SQLite: INTEGER PRIMARY KEY is the rowid, so the counter is found by the link id directly.
          .addColumn('link_id', 'integer', (c) => c.primaryKey().references('links.id').onDelete('cascade'))
          // No foreign key to users: the row goes with its link (whose own key cascades from
          // users), so a user's delete takes links then counters, the order a click batch takes them.
          .addColumn('user_id', 'integer', (c) => c.notNull())
          .addColumn('clicks', count, (c) => c.notNull().defaultTo(0))
          .compile(),
        // PostgreSQL: room on each page for the next version of its rows. The updates are not
        // HOT (the sort index holds clicks), but a new version on the same page dirties one heap
        // page instead of two; measured 1.24× the clicks/s at the median of 4 rotated runs, 36
        // against 40.5 µs of PostgreSQL's CPU a click (docs/benchmarks.md). SQLite has no such knob.
        ...(kind === 'postgres' ? [raw('ALTER TABLE link_counts SET (fillfactor = 70)')] : []),
        raw('INSERT INTO link_counts (link_id, user_id, clicks) SELECT id, user_id, clicks FROM links'),
        k.schema.createIndex('link_counts_user_clicks').on('link_counts').columns(['user_id', 'clicks desc', 'link_id desc']).compile(),
        k.schema.dropIndex('links_user_clicks').compile(),
        k.schema.alterTable('links').dropColumn('clicks').compile(),
        ...(kind === 'sqlite'
          ? [
              raw(`CREATE TRIGGER links_count_row AFTER INSERT ON links FOR EACH ROW
  BEGIN
    INSERT INTO link_counts (link_id, user_id, clicks) VALUES (NEW.id, NEW.user_id, 0);
  END`),
            ]
          : [
              raw(`CREATE FUNCTION linkdeck_link_count_row() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    INSERT INTO link_counts (link_id, user_id, clicks) VALUES (NEW.id, NEW.user_id, 0);
    RETURN NULL;
  END
$$`),
              raw('CREATE TRIGGER links_count_row AFTER INSERT ON links FOR EACH ROW EXECUTE FUNCTION linkdeck_link_count_row()'),
            ]),
      ];
    },
  },
];
