import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';
import type { Tables } from './tables.js';

/** The two engines the service runs on. */
export type EngineKind = 'sqlite' | 'postgres';

/**
 * Kysely instances that only compile (Kysely's DummyDriver: building a query never touches a
 * connection). Every query is written once against these; the engine runs the compiled SQL on
 * its own connection: libsql's synchronous statements on SQLite (the redirect path stays
 * synchronous), node-postgres on PostgreSQL.
 */
function compileOnly(kind: EngineKind): Kysely<Tables> {
  return new Kysely<Tables>({
    dialect:
      kind === 'sqlite'
        ? {
            createAdapter: () => new SqliteAdapter(),
            createDriver: () => new DummyDriver(),
            createIntrospector: (db) => new SqliteIntrospector(db),
            createQueryCompiler: () => new SqliteQueryCompiler(),
          }
        : {
            createAdapter: () => new PostgresAdapter(),
            createDriver: () => new DummyDriver(),
            createIntrospector: (db) => new PostgresIntrospector(db),
            createQueryCompiler: () => new PostgresQueryCompiler(),
          },
  });
}

const builders = { sqlite: compileOnly('sqlite'), postgres: compileOnly('postgres') };

export function builderFor(kind: EngineKind): Kysely<Tables> {
  return builders[kind];
}
