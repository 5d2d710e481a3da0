/**
 * Only the long URL can refuse an imported link (issue 39, item 1): every other field the
 * target cannot take is adjusted, said on the row, and its old value kept in the link's origin.
 * - an alias the service's rules refuse (YOURLS's `1h`: too short, characters, reserved) is left
 *   for a new one, or the row is skipped if the person chose "keep the old alias or skip";
 * - an expiry already past is set aside for one question of the preview ("import them without
 *   an expiry" or "leave them out");
 * - a click count, created date or expiry that cannot be read is left out, and said.
 * Counts and dates are read in the form decided for their column (import-locale.ts). Pure.
 */
import { formatDay, formatUtc } from './import-dates.js';
import { readCount, readDateIn, type DateForm, type Thousands } from './import-locale.js';
import { customAliasIssue } from './link-validation.js';
import { msg, type MessageRef } from './message-ref.js';
import type { LinkInput } from './models.js';

/** How a table's counts and dates are read: decided per column (import-locale.ts). */
export interface ColumnReaders {
  thousands: Thousands;
  created: DateForm;
  expiry: DateForm;
}

export const STANDARD_READERS: ColumnReaders = { thousands: ',', created: 'standard', expiry: 'standard' };

/** A value of the old service that the link could not take, kept in its origin. */
export interface LeftOutValue {
  field: 'clicks' | 'created' | 'expiry' | 'channel' | 'campaign' | 'domain' | 'status' | 'type';
  value: string;
}

/** What the old service had that the link here does not get, kept beside it (its origin). */
export interface KeptValues {
  /** The alias it had there, when it could not be kept. */
  alias?: string;
  /** Its expiry there, as the file wrote it, when it had passed (or could not be read). */
  expiry?: string;
  leftOut?: LeftOutValue[];
  /** The row's adjustments in English words, for the job's result file (an export, like its headers). */
  notes?: string[];
}

/** What the row adjusted; the caller puts it on the preview row. */
export interface Adjusted {
  /** The alias the rules refuse, and why (a message of the shared areas). */
  aliasRefused?: { alias: string; reason: MessageRef };
  /** An expiry already past (Unix ms and as written). */
  expired?: { at: number; text: string };
  formerClicks?: number;
  created?: number;
  /** Values left out, as messages (importNotes.*), shown on the row ("The click count “n/a” …"). */
  notes: MessageRef[];
  kept: KeptValues;
}

/** A cell's text as kept and said (a cell can be long; the origin and the job keep 200 characters). */
const clip = (value: string) => (value.length > 200 ? `${value.slice(0, 199)}…` : value);

/**
 * Reads the alias, expiry, click count and created date of one row into `input` (mutated) and
 * returns what was adjusted. Nothing here refuses the row.
 */
export function adjustRow(
  input: LinkInput,
  values: { expiry?: string; formerClicks?: string; created?: string },
  readers: ColumnReaders,
  now: number,
): Adjusted {
  const out: Adjusted = { notes: [], kept: {} };
  const leftOut = (field: 'clicks' | 'created' | 'expiry', raw: string) => {
    const value = clip(raw);
    out.kept.leftOut = [...(out.kept.leftOut ?? []), { field, value }];
    out.notes.push(msg('importNotes.unreadable', { field, value }));
  };
  if (input.custom) {
    const reason = customAliasIssue(input.custom);
    if (reason) {
      out.aliasRefused = { alias: input.custom, reason };
      out.kept.alias = clip(input.custom);
      delete input.custom;
    }
  }
  if (values.expiry) {
    const at = readDateIn(values.expiry, readers.expiry);
    if (at === null) {
      leftOut('expiry', values.expiry);
      out.kept.expiry = clip(values.expiry);
    } else if (at <= now) {
      out.expired = { at, text: values.expiry };
      out.kept.expiry = clip(values.expiry);
    } else input.expiry = formatUtc(at);
  }
  if (values.formerClicks) {
    const count = readCount(values.formerClicks, readers.thousands);
    if (count === null) leftOut('clicks', values.formerClicks);
    else out.formerClicks = count;
  }
  if (values.created) {
    const at = readDateIn(values.created, readers.created);
    if (at === null) leftOut('created', values.created);
    else out.created = at;
  }
  return out;
}

/** "Imported without an expiry: it expired on Short.io on 2024-07-30." (the service's name when the file was recognised). */
export const importedWithoutExpiryNote = (at: number, service: string | undefined): MessageRef =>
  service ? msg('importNotes.importedWithoutExpiry', { service, date: formatDay(at) }) : msg('importNotes.importedWithoutExpiryOld', { date: formatDay(at) });

/** Why a renamed row lost its alias: the rules' reason, a link of the target, or another line of the file. */
export type NewAliasWhy = { kind: 'rule'; reason: MessageRef } | { kind: 'target' } | { kind: 'file'; otherLine: number };

/** The sentence a renamed row's result line carries. */
export function newAliasNote(alias: string, why: NewAliasWhy): MessageRef {
  if (why.kind === 'rule') return msg('importNotes.newAliasRule', { alias, reason: why.reason });
  return why.kind === 'target' ? msg('importNotes.newAliasTaken', { alias }) : msg('importNotes.newAliasFile', { alias, line: why.otherLine });
}
