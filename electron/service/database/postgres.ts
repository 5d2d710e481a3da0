import pg from 'pg';

/**
 * A node-postgres pool for the service. bigint columns (times in unix milliseconds, counts,
 * click ids) and sums (numeric) come back as numbers, as libsql gives them on SQLite: every value the service keeps
 * is far below 2^53. The pool's own limits keep a node from holding every connection a shared
 * server has (max_connections is 100 by default, shared by all nodes).
 */
export function createPool(url: string, options: { max?: number } = {}): pg.Pool {
  const types = {
    getTypeParser: ((oid: number, format?: string) =>
      oid === pg.types.builtins.INT8 || oid === pg.types.builtins.NUMERIC
        ? (value: string) => Number(value)
        : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
  };
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    types,
    connectionTimeoutMillis: 10_000,
    idleTimeoutMillis: 30_000,
    // A node never waits forever on a stuck statement: the request fails in words instead.
    statement_timeout: 30_000,
    application_name: 'linkdeck-service',
  });
  // An idle client losing its server (a restart) must not bring the node down; the next query reconnects.
  pool.on('error', () => undefined);
  return pool;
}

/** Whether a connection string names PostgreSQL (postgres:// or postgresql://). */
export function isPostgresUrl(value: string): boolean {
  return /^postgres(ql)?:\/\//i.test(value);
}

/** The URL without its password, for messages and logs. */
export function redactedUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'the PostgreSQL URL given';
  }
}
