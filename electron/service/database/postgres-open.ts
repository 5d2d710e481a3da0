import { ApiError } from '../errors.js';
import { migratePostgres, NewerSchemaError } from './migrate.js';
import { createPool, isPostgresUrl, redactedUrl } from './postgres.js';
import { PostgresStore } from './store.js';

/**
 * Opens the service's PostgreSQL database: a pool, and the schema brought up to date (nodes
 * starting together take turns, migrate.ts). Whatever goes wrong is one sentence naming the
 * database without its password: a URL that is no PostgreSQL URL, a server that cannot be
 * reached or refuses the user, a schema made by a newer Linkdeck.
 */
export async function openPostgres(url: string): Promise<{ store: PostgresStore; close(): Promise<void> }> {
  if (!isPostgresUrl(url)) {
    throw new ApiError(400, `The database must be a PostgreSQL URL such as postgres://user:password@host:5432/linkdeck, not "${redactedUrl(url)}".`);
  }
  const pool = createPool(url);
  try {
    await migratePostgres(pool, redactedUrl(url));
  } catch (error) {
    await pool.end().catch(() => undefined);
    if (error instanceof NewerSchemaError) throw new ApiError(409, error.message);
    throw new ApiError(503, `The PostgreSQL database ${redactedUrl(url)} cannot be used: ${(error as Error).message}`);
  }
  return { store: new PostgresStore(pool), close: () => pool.end() };
}

/** Runs `use` on the database (the command line's user commands), then closes the pool. */
export async function withPostgres(url: string, use: (store: PostgresStore) => Promise<void>): Promise<void> {
  const { store, close } = await openPostgres(url);
  try {
    await use(store);
  } finally {
    await close();
  }
}
