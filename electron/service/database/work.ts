import { sql, type Compilable, type CompiledQuery, type Kysely } from 'kysely';
import type { EngineKind } from './dialects.js';
import type { Tables } from './tables.js';

/**
 * Database work written once for both engines. A piece of work is a generator that yields the
 * queries it needs (`yield* all(...)`) and gets their rows back; the store that runs it decides
 * how. On SQLite every query runs at once on libsql's synchronous connection, so the whole piece
 * runs to its end in one go (no promise, no tick: the redirect path and SQLite's transactions
 * stay as they were); on PostgreSQL each query goes through node-postgres and the piece resumes
 * when its rows arrive. A query is a function of Kysely's compile-only builder for the engine
 * (and the engine's name, for the rare word that differs: ILIKE).
 */
export type Build<R> = (k: Kysely<Tables>, kind: EngineKind) => Compilable<R> | CompiledQuery<R>;

export type Op =
  | { type: 'all'; build: Build<unknown> }
  | { type: 'run'; build: Build<unknown> }
  | { type: 'tx'; body: () => Work<unknown> }
  | { type: 'kind' };

export type Work<T> = Generator<Op, T, unknown>;

/** The rows of a query. */
export function* all<R>(build: Build<R>): Work<R[]> {
  return (yield { type: 'all', build: build as Build<unknown> }) as R[];
}

/** The first row of a query, or undefined. */
export function* first<R>(build: Build<R>): Work<R | undefined> {
  const rows = yield* all(build);
  return rows[0];
}

/** Runs a statement; answers how many rows it changed. */
export function* run(build: Build<unknown>): Work<number> {
  return (yield { type: 'run', build }) as number;
}

/** Runs `body` in one transaction (nested calls join the outer one). */
export function* transaction<T>(body: () => Work<T>): Work<T> {
  return (yield { type: 'tx', body }) as T;
}

/** Which engine runs this work, for what cannot be said the same way on both. */
export function* engine(): Work<EngineKind> {
  return (yield { type: 'kind' }) as EngineKind;
}

/** Work that needs no query (a value both paths can return through the same door). */
// eslint-disable-next-line require-yield
export function* done<T>(value: T): Work<T> {
  return value;
}

/** Compiles a query for the engine (a CompiledQuery as given). */
export function compile(build: Build<unknown>, k: Kysely<Tables>, kind: EngineKind): CompiledQuery {
  const q = build(k, kind);
  return 'compile' in q ? q.compile() : q;
}

/**
 * A query in SQL written once for both engines, through Kysely's `sql` tag: values become
 * parameters (`?` on SQLite, `$1…` on PostgreSQL); fragments (sql`…`, sql.raw, sql.join) nest.
 * Kept to the SQL both engines read alike; where they differ the caller branches on the engine.
 */
export function text<R = Record<string, unknown>>(strings: TemplateStringsArray, ...values: unknown[]): Build<R> {
  return (k) => sql<R>(strings, ...values).compile(k);
}

/**
 * The same from SQL with `?` placeholders and its values in order: the statements the service
 * had on SQLite keep their text, and compile to `$1…` on PostgreSQL. (No `?` may stand in a
 * string literal; the count is checked.)
 */
export function q<R = Record<string, unknown>>(statement: string, ...params: unknown[]): Build<R> {
  const parts = statement.split('?');
  if (parts.length - 1 !== params.length) {
    throw new Error(`The statement has ${parts.length - 1} placeholders and ${params.length} values: ${statement}`);
  }
  const strings = Object.assign(parts, { raw: parts }) as unknown as TemplateStringsArray;
  return (k) => sql<R>(strings, ...params).compile(k);
}
