/**
 * Bulk shortening: a job made of rows (one link each), sent through the outbox at the scheduler's
 * pace, kept in the profile's data file so it resumes after a restart. Pure types.
 */
import type { LinkInput } from './models.js';
import type { TransferInfo, TransferRowSource } from './transfer.js';
import type { KeptValues } from './import-adjust.js';
import type { MessageRef } from './message-ref.js';

/**
 * - queued: not sent yet. sending: its create is in the outbox.
 * - created: a new link. reused: an existing link for the same URL and domain (nothing sent).
 * - failed: refused (the service's words in `error`). cancelled: the job was cancelled first.
 */
export type BulkRowStatus = 'queued' | 'sending' | 'created' | 'reused' | 'failed' | 'cancelled';

export interface BulkRow {
  /** 0-based position in the job (the line of the import, for the person's reference). */
  index: number;
  input: LinkInput;
  status: BulkRowStatus;
  linkId: number | null;
  shortUrl: string | null;
  /** Why the row failed, in English words (the command line and `--json` print these), or the service's own. */
  error: string | null;
  /** The same as a message (importNotes.*) the app shows in the person's language; absent for the service's own words and for rows stored by older versions. */
  errorRef?: MessageRef;
  /** A transfer's row: the link it copies on the source profile (absent for other jobs). */
  source?: TransferRowSource;
}

/**
 * - running: rows are being sent. waiting: running, but the service is unreachable or asked to
 *   slow down (see `message`). paused: by the person. done: every row settled. cancelled.
 */
export type BulkJobStatus = 'running' | 'waiting' | 'paused' | 'done' | 'cancelled';

export interface BulkJob {
  id: string;
  name: string;
  /** Unix ms. */
  createdAt: number;
  finishedAt: number | null;
  status: BulkJobStatus;
  /** Reuse existing links for the same URL and domain instead of creating duplicates. */
  reuse: boolean;
  total: number;
  counts: Record<BulkRowStatus, number>;
  /** Time left at the current rate budget, ms; null when unknown or finished. */
  etaMs: number | null;
  /** What the job waits for, in English words (the command line's `--json`, logs). */
  message: string | null;
  /** The same as a message (importNotes.job*), said in the person's language (issue 44; absent from older backends). */
  messageRef?: MessageRef;
  /** A copy or move from another profile (absent for imports and bulk shortening). */
  transfer?: TransferInfo;
}

export interface BulkRowsPage {
  rows: BulkRow[];
  total: number;
}

export const BULK_MAX_ROWS = 10_000;
/** The tags kept beside one imported link, and the length of each (longer ones are cut). */
export const ORIGIN_TAGS_MAX = 100;
export const ORIGIN_TAG_MAX = 200;

/**
 * Where an import's rows came from, and per row what the source knew that a link here cannot hold:
 * its click count, its created date (Unix ms) and its tags after the first (null: none known).
 */
export interface BulkOrigin {
  source: string;
  /** The service's name ("Bitly"), when the file or source was recognised. */
  service?: string;
  clicks: (number | null)[];
  created?: (number | null)[];
  tags?: (string[] | null)[];
  /** Per row: the old alias and expiry it does not get, values left out, and its adjustments in words. */
  kept?: (KeptValues | null)[];
}
