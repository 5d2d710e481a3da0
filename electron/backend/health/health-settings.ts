/**
 * The link health settings on disk: `health-settings.json` in the app's data directory. App-wide,
 * not per profile: whether Linkdeck may knock on addresses of this computer's own network is a
 * property of the computer and its network, whichever service the links come from.
 */
import { msg } from '../../shared/message-ref.js';
import { readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../atomic-file.js';
import { AppError } from '../app-error.js';
import { DEFAULT_HEALTH_SETTINGS, type HealthSettings } from '../../shared/health.js';

export const HEALTH_SETTINGS_FILE = 'health-settings.json';

export const healthSettingsPath = (dataDir: string) => join(dataDir, HEALTH_SETTINGS_FILE);

export interface HealthSettingsStore {
  get(): Promise<HealthSettings>;
  /** Saves the settings (written before it answers); answers what is saved. */
  set(next: HealthSettings): Promise<HealthSettings>;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Reads the settings. No file: the defaults (own network off). A file that is not a version 1
 * settings file (damaged, edited by hand, written by a newer version) also gives the defaults,
 * the safe side; it is moved aside rather than overwritten by the next save, and logged.
 */
export async function readHealthSettings(dataDir: string, log: (message: string) => void): Promise<HealthSettings> {
  const path = healthSettingsPath(dataDir);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') log(`[health] ${path} could not be read (${(error as Error).message}); link checks use their defaults.`);
    return { ...DEFAULT_HEALTH_SETTINGS };
  }
  let problem: string;
  try {
    const parsed: unknown = JSON.parse(text);
    const settings = isRecord(parsed) ? parsed['settings'] : undefined;
    if (!isRecord(parsed) || parsed['version'] !== 1) problem = 'it is not a version 1 settings file';
    else if (!isRecord(settings) || typeof settings['checkOwnNetwork'] !== 'boolean') problem = 'checkOwnNetwork is not true or false';
    else return { checkOwnNetwork: settings['checkOwnNetwork'] };
  } catch (error) {
    problem = `it is not JSON (${(error as Error).message.slice(0, 120)})`;
  }
  const aside = `${path}.unreadable-${Date.now()}`;
  const moved = await rename(path, aside).then(
    () => `It was moved to ${aside}`,
    (error: unknown) => `It could not be moved aside (${(error as Error).message})`,
  );
  log(`[health] ${path} was not used: ${problem}. ${moved}; links on this computer's own network are not checked.`);
  return { ...DEFAULT_HEALTH_SETTINGS };
}

export async function writeHealthSettings(dataDir: string, settings: HealthSettings): Promise<void> {
  // Fields picked one by one: nothing else reaches the disk.
  const content = { version: 1, settings: { checkOwnNetwork: settings.checkOwnNetwork } };
  await writeFileAtomic(healthSettingsPath(dataDir), `${JSON.stringify(content, null, 2)}\n`);
}

/** Read once, then kept in memory; saves run one at a time, each written before it is answered. */
export function createHealthSettingsStore(dataDir: string, log: (message: string) => void): HealthSettingsStore {
  let current: Promise<HealthSettings> | null = null;
  let chain: Promise<unknown> = Promise.resolve();
  const load = () => (current ??= readHealthSettings(dataDir, log));

  return {
    get: async () => ({ ...(await load()) }),
    set(next) {
      const run = chain.then(async () => {
        await load();
        const saved: HealthSettings = { checkOwnNetwork: next.checkOwnNetwork === true };
        try {
          await writeHealthSettings(dataDir, saved);
        } catch (error) {
          log(`[health] the link health settings could not be saved: ${(error as Error).message}`);
          throw AppError.keyed('internal', msg('errors.settingNotWritten'));
        }
        current = Promise.resolve(saved);
        return { ...saved };
      });
      chain = run.catch(() => undefined);
      return run;
    },
  };
}
