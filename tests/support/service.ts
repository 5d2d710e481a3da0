import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'libsql';
import pg from 'pg';
import { DB_FILE } from '../../electron/service/db.js';
import { createPool } from '../../electron/service/database/postgres.js';
import { many, PostgresStore, SqliteStore, type Store } from '../../electron/service/database/store.js';
import { startService, type RunningService, type ServiceOptions } from '../../electron/service/start.js';

/**
 * The engine the service tests run on: SQLite, or PostgreSQL in the `integration-postgres`
 * project (tests/vitest.config.ts sets LINKDECK_TEST_ENGINE there), where every test service
 * gets a fresh database in the run's throwaway cluster (postgres-global-setup.ts).
 */
export type TestEngine = 'sqlite' | 'postgres';
export const TEST_ENGINE: TestEngine = process.env['LINKDECK_TEST_ENGINE'] === 'postgres' ? 'postgres' : 'sqlite';

let databases = 0;

/** A new, empty database in the run's cluster; its URL. */
export async function createTestDatabase(): Promise<string> {
  // Imported here: this file also serves scripts that run outside Vitest (the benchmarks).
  const { inject } = await import('vitest');
  const admin = inject('postgresAdminUrl');
  if (!admin) throw new Error('No PostgreSQL cluster for this run (LINKDECK_TEST_ENGINE=postgres needs the integration-postgres project).');
  const name = `linkdeck_test_${process.pid}_${++databases}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return url.toString();
}

export interface ApiAnswer<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  /** The parsed JSON body (undefined when the body is not JSON). */
  json: T;
  text: string;
}

export interface TestService {
  url: string;
  key: string;
  dataDir: string;
  service: RunningService;
  engine: TestEngine;
  /** The PostgreSQL database the service runs on (engine postgres). */
  database?: string;
  /**
   * A query on the service's database beside the service (SQL with `?` placeholders, the same
   * text on both engines): what a test arranges or checks underneath the API.
   */
  sql<R = Record<string, unknown>>(statement: string, ...params: unknown[]): Promise<R[]>;
  /** The store of that second connection (for the service's own database work in a test). */
  store(): Store;
  /** Calls the API as the first user (or with `key`), JSON in and out. */
  api<T = Record<string, unknown>>(
    method: string,
    path: string,
    body?: unknown,
    opts?: { key?: string | null; headers?: Record<string, string>; rawBody?: string },
  ): Promise<ApiAnswer<T>>;
  close(): Promise<void>;
}

/**
 * Starts the real local service on a free port with its own temporary SQLite file, or its own
 * fresh PostgreSQL database when the run's engine is PostgreSQL (TEST_ENGINE).
 */
export async function startTestService(options: Partial<ServiceOptions> = {}, engine: TestEngine = TEST_ENGINE): Promise<TestService> {
  const dataDir = mkdtempSync(join(tmpdir(), 'linkdeck-service-'));
  const database = engine === 'postgres' ? await createTestDatabase() : undefined;
  const service = await startService({ rateLimit: 0, ...options, dataDir, ...(database ? { database } : {}), port: 0 });
  const key = service.firstApiKey as string;
  // The second connection, opened when a test first asks.
  let second: { store: Store; close(): Promise<void> } | undefined;
  const open = () => {
    if (second) return second.store;
    if (database) {
      const pool = createPool(database, { max: 2 });
      second = { store: new PostgresStore(pool), close: () => pool.end() };
    } else {
      const db = new Database(join(dataDir, DB_FILE));
      db.pragma('busy_timeout = 5000');
      db.pragma('foreign_keys = ON');
      second = { store: new SqliteStore(db), close: async () => void db.close() };
    }
    return second.store;
  };
  return {
    url: service.url,
    key,
    dataDir,
    service,
    engine,
    ...(database ? { database } : {}),
    sql: (statement, ...params) => many(open(), statement, ...params),
    store: open,
    async api(method, path, body, opts = {}) {
      const headers: Record<string, string> = { 'Content-Type': 'application/json', ...opts.headers };
      const useKey = opts.key === undefined ? key : opts.key;
      if (useKey !== null) headers['Authorization'] = `Bearer ${useKey}`;
      const res = await fetch(service.url + path, {
        method,
        headers,
        ...(opts.rawBody !== undefined ? { body: opts.rawBody } : body !== undefined ? { body: JSON.stringify(body) } : {}),
        redirect: 'manual',
      });
      const text = await res.text();
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
      return { status: res.status, headers: res.headers, json: json as never, text };
    },
    async close() {
      await second?.close();
      await service.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
