import type { AliasChoice, TargetAlias } from '../../shared/import-aliases.js';
import type { Sql } from '../mirror/sqlite.js';
import { msg, type MessageRef } from '../../shared/message-ref.js';

/*
 * Custom aliases of an import that cannot be had on the target. The dry run reads the mirror
 * (`targetAliases`); at send time the service may still refuse one as taken (the mirror was
 * stale, or someone made it meanwhile): the row then follows the person's dry-run choice, kept per
 * row in bulk_rows.on_alias_taken (migration 8): a new random alias, or the row is left out.
 */

const CHUNK = 500;

/** Mirrored links holding any of the aliases; a link about to be deleted or refused does not hold one. */
export function targetAliases(sql: Sql, aliases: readonly string[]): TargetAlias[] {
  const unique = [...new Set(aliases.filter((a) => a !== ''))];
  const branded = new Set(sql.all<{ host: string }>("SELECT host FROM domains WHERE host <> ''").map((d) => d.host.toLowerCase()));
  const out: TargetAlias[] = [];
  for (let i = 0; i < unique.length; i += CHUNK) {
    const part = unique.slice(i, i + CHUNK);
    const rows = sql.all<{ alias: string; long_url: string; domain: string }>(
      `SELECT alias, long_url, domain FROM links
       WHERE alias COLLATE NOCASE IN (${part.map(() => '?').join(', ')})
         AND failed IS NULL AND (pending IS NULL OR pending <> 'delete')`,
      part,
    );
    // NOCASE reads along the alias index; the alias itself must match exactly.
    const wanted = new Set(part);
    for (const r of rows) {
      if (!wanted.has(r.alias)) continue;
      const host = r.domain.toLowerCase();
      out.push({ alias: r.alias, url: r.long_url, domain: branded.has(host) ? host : null });
    }
  }
  return out;
}

/** Keeps each row's choice (index in the job → choice); rows without a custom alias need none. */
export function storeAliasChoices(sql: Sql, jobId: string, choices: readonly AliasChoice[]): void {
  choices.forEach((choice, idx) => {
    sql.run(
      "UPDATE bulk_rows SET on_alias_taken = ? WHERE job_id = ? AND idx = ? AND COALESCE(json_extract(input, '$.custom'), '') <> ''",
      [choice, jobId, idx],
    );
  });
}

/** The service's words for "this alias is taken" (the local service, and real deployments: "That alias is taken"). */
export const saysAliasTaken = (message: string): boolean =>
  /\balias\b/i.test(message) && /\btaken\b|\bin use\b|\balready (exists|used)\b|\bnot available\b/i.test(message);

/** What becomes of a refused row: sent again without its alias, left out, or failed (no choice, or another refusal). */
export type AliasTakenOutcome = { requeue: true } | { skip: MessageRef } | null;

/**
 * A row's refusal: when it says the row's custom alias is taken and the row carries a choice,
 * applies it in the job's rows ('random': the alias is dropped and the row is queued again).
 */
export function applyAliasChoice(sql: Sql, jobId: string, idx: number, message: string): AliasTakenOutcome {
  const row = sql.get<{ choice: string | null; alias: string | null }>(
    "SELECT on_alias_taken AS choice, json_extract(input, '$.custom') AS alias FROM bulk_rows WHERE job_id = ? AND idx = ?",
    [jobId, idx],
  );
  if (!row?.choice || !row.alias || !saysAliasTaken(message)) return null;
  if (row.choice === 'skip') {
    return { skip: msg('importNotes.skippedTaken', { alias: row.alias, reason: message.replace(/\.$/, '') }) };
  }
  sql.run("UPDATE bulk_rows SET input = json_remove(input, '$.custom'), on_alias_taken = NULL WHERE job_id = ? AND idx = ?", [jobId, idx]);
  return { requeue: true };
}
