/**
 * The dry run of an import, beyond each row's own checks: custom aliases that cannot be had on the
 * target (taken there by a link to another URL, or used twice in the file), the person's choice for
 * them (a new random alias, or skip the row), and the rows a job gets once those choices and the
 * channels created on confirmation are applied. Pure.
 */
import type { BulkOrigin } from './bulk.js';
import type { LinkInput } from './models.js';
import type { PreviewRow } from './bulk-import.js';
import { importedWithoutExpiryNote, newAliasNote, type KeptValues } from './import-adjust.js';
import { englishText, msg, type MessageRef } from './message-ref.js';

/** What to do with a row whose custom alias is taken: make the link with a new random alias, or leave the row out. */
export type AliasChoice = 'random' | 'skip';
export const ALIAS_CHOICES: readonly AliasChoice[] = ['random', 'skip'];
export const DEFAULT_ALIAS_CHOICE: AliasChoice = 'random';

/** A link of the target (the current profile's mirror) holding one of the file's aliases. */
export interface TargetAlias {
  alias: string;
  url: string;
  /** Its branded domain's host; null: the service's own domain. */
  domain: string | null;
}

/** Why a row's alias cannot be kept. */
export type AliasClash =
  | { kind: 'target'; alias: string; otherUrl: string }
  | { kind: 'file'; alias: string; otherLine: number }
  /** The service's rules refuse it (too short or long, characters, reserved): YOURLS's `1h`. */
  | { kind: 'rule'; alias: string; reason: MessageRef };

/** The person's choices: one for all, and the rows they changed. */
export interface AliasChoices {
  all: AliasChoice;
  byLine: ReadonlyMap<number, AliasChoice>;
}

export const choiceFor = (choices: AliasChoices, line: number): AliasChoice => choices.byLine.get(line) ?? choices.all;

const hostOf = (domain: string | undefined | null) =>
  (domain ?? '').trim().replace(/^[a-z]+:\/\//i, '').replace(/\/+$/, '').toLowerCase();

/** A long URL as a URL parser writes it, so `HTTPS://A.example` and `https://a.example/` are one. */
export function sameUrl(a: string, b: string): boolean {
  const norm = (u: string) => {
    try {
      return new URL(u.trim()).href;
    } catch {
      return u.trim();
    }
  };
  return norm(a) === norm(b);
}

/** Where an alias lives: the domain (its host, '' for the service's own) and the alias itself. */
const slotOf = (alias: string, domain: string | null | undefined) => `${hostOf(domain)}\n${alias}`;

/**
 * Marks the rows (ready ones only: rows that cannot be read keep their own problems) whose custom
 * alias is taken on the target by a link to another URL, or already used by an earlier row of the
 * file for another URL. The same alias for the same URL is one link (reused), never a clash.
 * Returns the clashes by line.
 */
export function findAliasClashes(rows: readonly PreviewRow[], target: readonly TargetAlias[]): Map<number, AliasClash> {
  const onTarget = new Map<string, string[]>();
  for (const link of target) {
    const slot = slotOf(link.alias, link.domain);
    onTarget.set(slot, [...(onTarget.get(slot) ?? []), link.url]);
  }
  const firstInFile = new Map<string, { line: number; url: string }>();
  const clashes = new Map<number, AliasClash>();
  for (const row of rows) {
    if (row.input && row.aliasRefused) {
      clashes.set(row.line, { kind: 'rule', ...row.aliasRefused });
      continue;
    }
    const alias = row.input?.custom;
    if (!row.input || !alias) continue;
    const slot = slotOf(alias, row.input.domain);
    const url = row.input.url;
    const taken = onTarget.get(slot);
    if (taken && !taken.some((u) => sameUrl(u, url))) {
      clashes.set(row.line, { kind: 'target', alias, otherUrl: taken[0] as string });
      continue;
    }
    const first = firstInFile.get(slot);
    if (!first) firstInFile.set(slot, { line: row.line, url });
    else if (!sameUrl(first.url, url)) clashes.set(row.line, { kind: 'file', alias, otherLine: first.line });
  }
  return clashes;
}

/** Counts for the dry run's summary. */
export function clashCounts(clashes: ReadonlyMap<number, AliasClash>): { target: number; file: number; rule: number } {
  const counts = { target: 0, file: 0, rule: 0 };
  for (const clash of clashes.values()) counts[clash.kind]++;
  return counts;
}

/** One sentence for a clash, naming the alias and what holds it (rendered in each side's language). */
export function clashMessage(clash: AliasClash, profileName: string): MessageRef {
  if (clash.kind === 'rule') return msg('importNotes.clashRule', { alias: clash.alias, profile: profileName, reason: clash.reason });
  return clash.kind === 'target'
    ? msg('importNotes.clashTarget', { alias: clash.alias, profile: profileName, url: clash.otherUrl })
    : msg('importNotes.clashFile', { alias: clash.alias, line: clash.otherLine });
}

/** What to do with links whose expiry has passed: asked once in the preview. */
export type ExpiredChoice = 'without-expiry' | 'leave-out';

/** The choices a job's rows follow beside the aliases'. */
export interface RowChoices {
  /** Links whose expiry has passed (default: imported without an expiry). */
  expired?: ExpiredChoice;
  /** The old service's name, for "expired on Short.io on 2024-07-30". */
  service?: string;
}

/** What a job is started with. */
export interface JobRows {
  rows: LinkInput[];
  /** Per row: what the runner does if the service refuses its custom alias as taken (the mirror was stale). */
  onAliasTaken: AliasChoice[];
  /** Per row: the click count at the old service (null: none). */
  formerClicks: (number | null)[];
  /** Per row: when the link was made at the old service, Unix ms (null: not known). */
  created: (number | null)[];
  /** Per row: its tags there after the first (null: none). */
  moreTags: (string[] | null)[];
  /** Rows left out because their alias clashes and the person chose to skip them. */
  skipped: number;
  /** Rows that lost their alias for a new random one. */
  renamed: number;
  /** Per row: the old values it does not get, and its adjustments in words (null: none). */
  kept: (KeptValues | null)[];
  /** Rows left out because their expiry had passed and the person chose to leave those out. */
  expiredLeftOut: number;
}

/**
 * The ready rows as a job gets them: a clashing alias follows its choice (dropped for a random
 * one, or the row is left out), a tag that named a missing channel gets the channel created for it
 * (`created`: name in lower case → id, possibly a provisional id the outbox resolves before
 * sending). Every kept row carries its choice for a refusal at send time.
 */
export function jobRows(
  rows: readonly PreviewRow[],
  clashes: ReadonlyMap<number, AliasClash>,
  choices: AliasChoices,
  created: ReadonlyMap<string, number> = new Map(),
  more: RowChoices = {},
): JobRows {
  const out: JobRows = { rows: [], onAliasTaken: [], formerClicks: [], created: [], moreTags: [], skipped: 0, renamed: 0, kept: [], expiredLeftOut: 0 };
  for (const row of rows) {
    if (!row.input) continue;
    const choice = choiceFor(choices, row.line);
    let input: LinkInput = row.input;
    const notes = [...(row.notes ?? [])];
    const clash = clashes.get(row.line);
    if (clash) {
      if (choice === 'skip') {
        out.skipped++;
        continue;
      }
      const { custom: _dropped, ...rest } = input;
      input = rest;
      out.renamed++;
      notes.unshift(newAliasNote(clash.alias, clash.kind === 'rule' ? { kind: 'rule', reason: clash.reason } : clash.kind === 'target' ? { kind: 'target' } : { kind: 'file', otherLine: clash.otherLine }));
    }
    if (row.expired) {
      if (more.expired === 'leave-out') {
        out.expiredLeftOut++;
        continue;
      }
      notes.push(importedWithoutExpiryNote(row.expired.at, more.service));
    }
    const channel = row.unmatchedTag ? created.get(row.unmatchedTag.toLowerCase()) : undefined;
    if (channel !== undefined) input = { ...input, channel };
    out.rows.push(input);
    out.onAliasTaken.push(choice);
    out.formerClicks.push(row.formerClicks ?? null);
    out.created.push(row.created ?? null);
    out.moreTags.push(row.moreTags ?? null);
    // The notes travel in English: the job keeps them only for its result file, an export.
    const kept: KeptValues = { ...row.kept, ...(clash && clash.kind !== 'rule' ? { alias: clash.alias } : {}), ...(notes.length > 0 ? { notes: notes.map(englishText) } : {}) };
    out.kept.push(Object.keys(kept).length > 0 ? kept : null);
  }
  return out;
}

/**
 * What the old service knew of the job's rows (clicks, created dates, more tags), to be kept
 * beside the links they get; undefined when the rows knew none of it.
 */
export function jobOrigin(out: Pick<JobRows, 'formerClicks' | 'created' | 'moreTags'> & Partial<Pick<JobRows, 'kept'>>, source: { label: string; service?: string } | null): BulkOrigin | undefined {
  const created = out.created.some((c) => c !== null);
  const tags = out.moreTags.some((t) => t !== null);
  const kept = out.kept?.some((k) => k !== null) ?? false;
  if (!created && !tags && !kept && !out.formerClicks.some((c) => c !== null)) return undefined;
  return {
    source: source?.label ?? 'imported file',
    ...(source?.service ? { service: source.service } : {}),
    clicks: out.formerClicks,
    ...(created ? { created: out.created } : {}),
    ...(tags ? { tags: out.moreTags } : {}),
    ...(kept && out.kept ? { kept: out.kept } : {}),
  };
}
