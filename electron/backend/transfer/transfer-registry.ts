import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { writeFileAtomic } from '../atomic-file.js';

/*
 * `transfers.json` in the app's data directory: which transfer jobs exist and between which
 * profiles. A job lives in its TARGET profile's data file, and profile sessions open lazily; this
 * small app-level list is what lets the backend open the two sessions of an unfinished transfer
 * at start (so it resumes without the person visiting either profile), and lets the SOURCE
 * profile list and reach its transfers by id. No key, no link: ids and profile ids only.
 */

export const TRANSFERS_FILE = 'transfers.json';

export interface TransferEntry {
  jobId: string;
  sourceProfileId: string;
  targetProfileId: string;
  /** Every row settled and, for a move, every delete answered: nothing to resume. */
  finished: boolean;
}

const fileSchema = z.object({
  version: z.literal(1),
  transfers: z.array(
    z.object({ jobId: z.string().min(1).max(64), sourceProfileId: z.string().min(1).max(64), targetProfileId: z.string().min(1).max(64), finished: z.boolean() }),
  ),
});

export interface TransferRegistry {
  list(): TransferEntry[];
  get(jobId: string): TransferEntry | null;
  /** Written before the job itself, so a crash in between leaves an entry without a job (dropped at the next start), never a job nobody resumes. */
  add(entry: TransferEntry): Promise<void>;
  update(jobId: string, patch: Partial<Pick<TransferEntry, 'finished'>>): Promise<void>;
  remove(jobId: string): Promise<void>;
  /** When every write asked for so far is on disk (the backend's close waits for it). */
  settled(): Promise<void>;
}

export async function openTransferRegistry(dataDir: string, log: (message: string) => void): Promise<TransferRegistry> {
  const path = join(dataDir, TRANSFERS_FILE);
  let entries: TransferEntry[] = [];
  try {
    const parsed = fileSchema.safeParse(JSON.parse(await readFile(path, 'utf8')));
    if (parsed.success) entries = parsed.data.transfers;
    else log(`[transfer] ${path} is not a version 1 transfers file; unfinished transfers are resumed when their profile is opened.`);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') log(`[transfer] ${path} could not be read: ${(error as Error).message}`);
  }

  // Writes one after another, each with the whole list as it is then.
  let writing: Promise<void> = Promise.resolve();
  const save = (): Promise<void> => {
    const text = JSON.stringify({ version: 1, transfers: entries }, null, 2);
    writing = writing.then(() => writeFileAtomic(path, text)).catch((error: unknown) => log(`[transfer] ${path} could not be written: ${(error as Error).message}`));
    return writing;
  };

  return {
    list: () => entries.map((e) => ({ ...e })),
    get: (jobId) => {
      const e = entries.find((x) => x.jobId === jobId);
      return e ? { ...e } : null;
    },
    add(entry) {
      entries = [...entries.filter((e) => e.jobId !== entry.jobId), { ...entry }];
      return save();
    },
    update(jobId, patch) {
      const e = entries.find((x) => x.jobId === jobId);
      if (!e || (patch.finished === undefined || patch.finished === e.finished)) return writing;
      entries = entries.map((x) => (x.jobId === jobId ? { ...x, ...patch } : x));
      return save();
    },
    remove(jobId) {
      if (!entries.some((e) => e.jobId === jobId)) return writing;
      entries = entries.filter((e) => e.jobId !== jobId);
      return save();
    },
    settled: () => writing,
  };
}
