import type { OutboxSummary } from '../../shared/models.js';
import type { Sql } from '../mirror/sqlite.js';

/* The outbox's counts (queued, failed, sending) and the listeners told when they change. */

export function outboxSummary(sql: Sql): OutboxSummary {
  const row = sql.get<{ queued: number | null; failed: number | null; sending: number | null }>(
    `SELECT SUM(state <> 'failed') AS queued, SUM(state = 'failed') AS failed,
       SUM(state = 'sending') AS sending FROM outbox`,
  );
  return {
    queued: Number(row?.queued ?? 0),
    failed: Number(row?.failed ?? 0),
    sending: Number(row?.sending ?? 0) > 0,
  };
}

export interface ChangeFeed {
  /** Tells every listener the current counts (after anything in the outbox changed). */
  changed(): void;
  onChange(listener: (summary: OutboxSummary) => void): () => void;
}

export function createChangeFeed(
  sql: Sql,
  first: ((summary: OutboxSummary) => void) | undefined,
): ChangeFeed {
  const listeners = new Set<(summary: OutboxSummary) => void>();
  if (first) listeners.add(first);
  return {
    changed() {
      if (listeners.size === 0 || !sql.db.open) return;
      const current = outboxSummary(sql);
      for (const listener of listeners) {
        try {
          listener(current);
        } catch {
          // A listener's fault must not stop the outbox.
        }
      }
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
