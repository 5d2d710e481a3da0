/**
 * The language setting on disk: `language.json` in the app's data directory, beside the app's
 * other app-wide settings (health-settings.json). App-wide, not per profile: the person's
 * language does not change with the service their links are on.
 */
import { isLanguageChoice, type LanguageChoice } from '../../shared/language.js';
import { createVersionedSettingsStore, readVersionedSettings, settingsPath, type SettingsStore, type VersionedSettingsFile } from '../versioned-settings-file.js';

export const LANGUAGE_FILE = 'language.json';

export const languagePath = (dataDir: string) => settingsPath(dataDir, { file: LANGUAGE_FILE });

export type LanguageStore = SettingsStore<LanguageChoice>;

/**
 * No file: follow the system. A file that is not a version 1 language file (damaged, edited by
 * hand, a language this version does not speak) also follows the system.
 */
const LANGUAGE_SETTINGS: VersionedSettingsFile<LanguageChoice> = {
  file: LANGUAGE_FILE,
  tag: 'language',
  field: 'choice',
  kind: 'language file',
  defaults: () => 'system',
  fallback: "the system's language is used",
  parse: (raw) => (isLanguageChoice(raw) ? { value: raw } : { problem: `"${String(raw).slice(0, 40)}" is not a language Linkdeck speaks` }),
  toDisk: (choice) => choice,
};

export const readLanguageChoice = (dataDir: string, log: (message: string) => void): Promise<LanguageChoice> => readVersionedSettings(dataDir, LANGUAGE_SETTINGS, log);

export function createLanguageStore(dataDir: string, log: (message: string) => void): LanguageStore {
  return createVersionedSettingsStore(dataDir, LANGUAGE_SETTINGS, log, { what: 'the language setting' });
}
