import type { FastifyRequest } from 'fastify';
import type { Db } from '../db.js';
import { pagedEnvelope, readPaging } from '../format.js';

export interface ListQuery<Row, Item> {
  /** `SELECT COUNT(*) AS n FROM …` with the same filter as `rowsSql`. */
  countSql: string;
  /** The ordered SELECT, without LIMIT/OFFSET (added here). */
  rowsSql: string;
  params: readonly (string | number)[];
  /** Builds the answer item from a row, picking fields explicitly (rows carry `_metadata`). */
  toItem: (row: Row) => Item;
}

/** One page of a list endpoint, in the spec's paged envelope under `collection`. */
export function pagedList<Row, Item>(
  db: Db,
  request: FastifyRequest,
  collection: string,
  q: ListQuery<Row, Item>,
) {
  const paging = readPaging(request.query as Record<string, unknown>);
  const { n } = db.prepare(q.countSql).get(...q.params) as { n: number };
  const rows = db
    .prepare(`${q.rowsSql} LIMIT ? OFFSET ?`)
    .all(...q.params, paging.limit, paging.offset) as Row[];
  return pagedEnvelope(collection, rows.map(q.toItem), n, paging);
}
