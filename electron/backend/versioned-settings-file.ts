/**
 * An app-wide setting kept in a small JSON file of the data directory, `{ "version": 1, <field>: … }`
 * (language.json, health-settings.json): read once, then kept in memory; saves one at a time,
 * each written (atomically) before it is answered. A file that is not a version 1 file of its
 * kind (damaged, edited by hand, written by a newer version) gives the defaults, the safe side;
 * it is moved aside rather than overwritten by the next save, and logged with why.
 */
import { readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from './atomic-file.js';
import { AppError } from './app-error.js';
import { msg } from '../shared/message-ref.js';

export interface VersionedSettingsFile<T> {
  /** The file's name in the data directory. */
  file: string;
  /** The log lines' prefix, without brackets ("language"). */
  tag: string;
  /** The top-level field holding the value ("choice", "settings"). */
  field: string;
  /** What a good file is, for the log ("language file"). */
  kind: string;
  /** The value when there is no usable file (a fresh copy each time). */
  defaults: () => T;
  /** The log's end when the defaults are used ("the system's language is used"). */
  fallback: string;
  /** The field's value checked: the value, or the reason it cannot be used. */
  parse(raw: unknown): { value: T } | { problem: string };
  /** What reaches the disk, picked field by field (nothing else does). */
  toDisk(value: T): unknown;
}

export interface SettingsStore<T> {
  get(): Promise<T>;
  /** Saves the value (written before it answers); answers what is saved. */
  set(next: T): Promise<T>;
}

export const settingsPath = (dataDir: string, spec: Pick<VersionedSettingsFile<unknown>, 'file'>) => join(dataDir, spec.file);

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export async function readVersionedSettings<T>(dataDir: string, spec: VersionedSettingsFile<T>, log: (message: string) => void): Promise<T> {
  const path = settingsPath(dataDir, spec);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') log(`[${spec.tag}] ${path} could not be read (${(error as Error).message}); ${spec.fallback}.`);
    return spec.defaults();
  }
  let problem: string;
  try {
    const parsed: unknown = JSON.parse(text);
    if (!isRecord(parsed) || parsed['version'] !== 1) problem = `it is not a version 1 ${spec.kind}`;
    else {
      const checked = spec.parse(parsed[spec.field]);
      if ('value' in checked) return checked.value;
      problem = checked.problem;
    }
  } catch (error) {
    problem = `it is not JSON (${(error as Error).message.slice(0, 120)})`;
  }
  const aside = `${path}.unreadable-${Date.now()}`;
  const moved = await rename(path, aside).then(
    () => `It was moved to ${aside}`,
    (error: unknown) => `It could not be moved aside (${(error as Error).message})`,
  );
  log(`[${spec.tag}] ${path} was not used: ${problem}. ${moved}; ${spec.fallback}.`);
  return spec.defaults();
}

export async function writeVersionedSettings<T>(dataDir: string, spec: VersionedSettingsFile<T>, value: T): Promise<void> {
  const content = { version: 1, [spec.field]: spec.toDisk(value) };
  await writeFileAtomic(settingsPath(dataDir, spec), `${JSON.stringify(content, null, 2)}\n`);
}

/**
 * The store over one file. `normalize` makes what is saved from what is asked (a flag coerced
 * to a boolean); `copy` hands out copies, so no caller changes the kept value; `what` names the
 * setting in the log when it cannot be saved.
 */
export function createVersionedSettingsStore<T>(
  dataDir: string,
  spec: VersionedSettingsFile<T>,
  log: (message: string) => void,
  options: { what: string; normalize?: (next: T) => T; copy?: (value: T) => T },
): SettingsStore<T> {
  const normalize = options.normalize ?? ((next: T) => next);
  const copy = options.copy ?? ((value: T) => value);
  let current: Promise<T> | null = null;
  let chain: Promise<unknown> = Promise.resolve();
  const load = () => (current ??= readVersionedSettings(dataDir, spec, log));

  return {
    get: async () => copy(await load()),
    set(next) {
      const run = chain.then(async () => {
        await load();
        const saved = normalize(next);
        try {
          await writeVersionedSettings(dataDir, spec, saved);
        } catch (error) {
          log(`[${spec.tag}] ${options.what} could not be saved: ${(error as Error).message}`);
          throw AppError.keyed('internal', msg('errors.settingNotWritten'));
        }
        current = Promise.resolve(saved);
        return copy(saved);
      });
      chain = run.catch(() => undefined);
      return run;
    },
  };
}
