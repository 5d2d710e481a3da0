/**
 * The language setting on disk: `language.json` in the app's data directory, beside the app's
 * other app-wide settings (health-settings.json). App-wide, not per profile: the person's
 * language does not change with the service their links are on.
 */
import { msg } from '../../shared/message-ref.js';
import { readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../atomic-file.js';
import { AppError } from '../app-error.js';
import { isLanguageChoice, type LanguageChoice } from '../../shared/language.js';

export const LANGUAGE_FILE = 'language.json';

export const languagePath = (dataDir: string) => join(dataDir, LANGUAGE_FILE);

export interface LanguageStore {
  get(): Promise<LanguageChoice>;
  /** Saves the choice (written before it answers); answers what is saved. */
  set(choice: LanguageChoice): Promise<LanguageChoice>;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Reads the choice. No file: follow the system. A file that is not a version 1 language file
 * (damaged, edited by hand, a language this version does not speak) also follows the system; it
 * is moved aside rather than overwritten by the next save, and logged.
 */
export async function readLanguageChoice(dataDir: string, log: (message: string) => void): Promise<LanguageChoice> {
  const path = languagePath(dataDir);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') log(`[language] ${path} could not be read (${(error as Error).message}); the system's language is used.`);
    return 'system';
  }
  let problem: string;
  try {
    const parsed: unknown = JSON.parse(text);
    if (!isRecord(parsed) || parsed['version'] !== 1) problem = 'it is not a version 1 language file';
    else if (!isLanguageChoice(parsed['choice'])) problem = `"${String(parsed['choice']).slice(0, 40)}" is not a language Linkdeck speaks`;
    else return parsed['choice'];
  } catch (error) {
    problem = `it is not JSON (${(error as Error).message.slice(0, 120)})`;
  }
  const aside = `${path}.unreadable-${Date.now()}`;
  const moved = await rename(path, aside).then(
    () => `It was moved to ${aside}`,
    (error: unknown) => `It could not be moved aside (${(error as Error).message})`,
  );
  log(`[language] ${path} was not used: ${problem}. ${moved}; the system's language is used.`);
  return 'system';
}

/** Read once, then kept in memory; saves run one at a time, each written before it is answered. */
export function createLanguageStore(dataDir: string, log: (message: string) => void): LanguageStore {
  let current: Promise<LanguageChoice> | null = null;
  let chain: Promise<unknown> = Promise.resolve();
  const load = () => (current ??= readLanguageChoice(dataDir, log));

  return {
    get: () => load(),
    set(choice) {
      const run = chain.then(async () => {
        await load();
        try {
          await writeFileAtomic(languagePath(dataDir), `${JSON.stringify({ version: 1, choice }, null, 2)}\n`);
        } catch (error) {
          log(`[language] the language setting could not be saved: ${(error as Error).message}`);
          throw AppError.keyed('internal', msg('errors.settingNotWritten'));
        }
        current = Promise.resolve(choice);
        return choice;
      });
      chain = run.catch(() => undefined);
      return run;
    },
  };
}
