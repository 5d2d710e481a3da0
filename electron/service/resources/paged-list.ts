import type { FastifyRequest } from 'fastify';
import type { Store } from '../database/store.js';
import { first, all, q } from '../database/work.js';
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
export async function pagedList<Row, Item>(
  store: Store,
  request: FastifyRequest,
  collection: string,
  list: ListQuery<Row, Item>,
) {
  const paging = readPaging(request.query as Record<string, unknown>);
  const [count, rows] = await store.run(
    (function* () {
      const c = yield* first<{ n: number }>(q(list.countSql, ...list.params));
      const r = yield* all<Row>(q(`${list.rowsSql} LIMIT ? OFFSET ?`, ...list.params, paging.limit, paging.offset));
      return [c, r] as const;
    })(),
  );
  return pagedEnvelope(collection, rows.map(list.toItem), (count as { n: number }).n, paging);
}
