import type { LinkHealth, RedirectHop } from '../../shared/health.js';
import { englishText, isMessageRef, type MessageRef } from '../../shared/message-ref.js';
import { healthCurrent } from '../mirror/link-rows.js';
import type { Sql } from '../mirror/sqlite.js';
import type { UrlCheck } from './check-url.js';

/** One target to check and the links that point at it (several links may share a long URL). */
export interface HealthTarget {
  url: string;
  linkIds: number[];
}

/** SQLite takes this many parameters in one statement at least (older builds: 999). */
const IDS_PER_QUERY = 900;

/**
 * The targets of the given links (all mirrored links when `ids` is undefined), one per distinct
 * long URL: a URL shared by 300 links is requested once. Unknown ids are skipped.
 */
export function readTargets(sql: Sql, ids?: readonly number[]): { targets: HealthTarget[]; links: number } {
  const byUrl = new Map<string, number[]>();
  let links = 0;
  const add = (rows: { id: number; long_url: string }[]) => {
    for (const row of rows) {
      links++;
      const list = byUrl.get(row.long_url);
      if (list) list.push(row.id);
      else byUrl.set(row.long_url, [row.id]);
    }
  };
  if (ids === undefined) {
    add(sql.all<{ id: number; long_url: string }>('SELECT id, long_url FROM links ORDER BY rank DESC'));
  } else {
    const unique = [...new Set(ids)];
    for (let i = 0; i < unique.length; i += IDS_PER_QUERY) {
      const chunk = unique.slice(i, i + IDS_PER_QUERY);
      add(
        sql.all<{ id: number; long_url: string }>(
          `SELECT id, long_url FROM links WHERE id IN (${chunk.map(() => '?').join(',')})`,
          chunk,
        ),
      );
    }
  }
  return { targets: [...byUrl].map(([url, linkIds]) => ({ url, linkIds })), links };
}

/** Stores one check for every link of its target (replacing their previous results). */
export function writeResults(sql: Sql, results: readonly { target: HealthTarget; check: UrlCheck; at: number }[]): void {
  for (const { target, check, at } of results) {
    const chain = JSON.stringify(check.chain);
    for (const id of target.linkIds) {
      sql.run(
        `INSERT INTO link_health (link_id, url, checked_at, state, status, chain, time_ms, problem)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT(link_id) DO UPDATE SET url = excluded.url, checked_at = excluded.checked_at,
           state = excluded.state, status = excluded.status, chain = excluded.chain,
           time_ms = excluded.time_ms, problem = excluded.problem`,
        [id, target.url, at, check.state, check.status, chain, check.timeMs, storedProblem(check)],
      );
    }
  }
}

/**
 * The problem column holds the message (JSON `{ key, params }`, issue 44) so the detail shows it
 * in the person's language; rows written by older versions hold English words, read as they are.
 */
function storedProblem(check: UrlCheck): string | null {
  return check.problemRef ? JSON.stringify(check.problemRef) : check.problem;
}

function readProblem(stored: string | null): { problem: string | null; problemRef?: MessageRef } {
  if (stored === null || !stored.startsWith('{')) return { problem: stored };
  try {
    const ref = JSON.parse(stored) as unknown;
    if (isMessageRef(ref)) return { problem: englishText(ref), problemRef: ref };
  } catch {
    // Not a message: words that happen to start with a brace.
  }
  return { problem: stored };
}

/** Results of links that no longer exist (deleted, or a provisional id since replaced). */
export function pruneOrphans(sql: Sql): void {
  sql.run('DELETE FROM link_health WHERE link_id NOT IN (SELECT id FROM links)');
}

interface HealthRow {
  link_id: number;
  checked_at: number;
  state: string;
  status: number | null;
  chain: string;
  time_ms: number;
  problem: string | null;
}

/** A link's last check, or null when it was never checked or its long URL changed since. */
export function readHealth(sql: Sql, linkId: number): LinkHealth | null {
  const row = sql.get<HealthRow>(
    `SELECT h.link_id, h.checked_at, h.state, h.status, h.chain, h.time_ms, h.problem
     FROM link_health h JOIN links l ON l.id = h.link_id WHERE h.link_id = ? AND ${healthCurrent()}`,
    [linkId],
  );
  if (!row) return null;
  let chain: RedirectHop[] = [];
  try {
    const parsed = JSON.parse(row.chain) as unknown;
    if (Array.isArray(parsed)) {
      chain = parsed
        .filter((h): h is { url: string; status: unknown } => typeof h?.url === 'string')
        .map((h) => ({ url: h.url, status: typeof h.status === 'number' ? h.status : null }));
    }
  } catch {
    // A damaged row reads as a check without its chain rather than failing the detail view.
  }
  return {
    linkId: row.link_id,
    checkedAt: row.checked_at,
    state: row.state === 'ok' || row.state === 'not-checked' ? row.state : 'broken',
    status: row.status,
    chain,
    timeMs: row.time_ms,
    ...readProblem(row.problem),
  };
}
