/**
 * The link health settings on disk: `health-settings.json` in the app's data directory. App-wide,
 * not per profile: whether Linkdeck may knock on addresses of this computer's own network is a
 * property of the computer and its network, whichever service the links come from.
 */
import { DEFAULT_HEALTH_SETTINGS, type HealthSettings } from '../../shared/health.js';
import {
  createVersionedSettingsStore,
  readVersionedSettings,
  settingsPath,
  writeVersionedSettings,
  type SettingsStore,
  type VersionedSettingsFile,
} from '../versioned-settings-file.js';

export const HEALTH_SETTINGS_FILE = 'health-settings.json';

export const healthSettingsPath = (dataDir: string) => settingsPath(dataDir, { file: HEALTH_SETTINGS_FILE });

export type HealthSettingsStore = SettingsStore<HealthSettings>;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * No file: the defaults (own network off). A file that is not a version 1 settings file also
 * gives the defaults, the safe side.
 */
const HEALTH_SETTINGS: VersionedSettingsFile<HealthSettings> = {
  file: HEALTH_SETTINGS_FILE,
  tag: 'health',
  field: 'settings',
  kind: 'settings file',
  defaults: () => ({ ...DEFAULT_HEALTH_SETTINGS }),
  fallback: "links on this computer's own network are not checked",
  parse: (raw) =>
    isRecord(raw) && typeof raw['checkOwnNetwork'] === 'boolean' ? { value: { checkOwnNetwork: raw['checkOwnNetwork'] } } : { problem: 'checkOwnNetwork is not true or false' },
  // Fields picked one by one: nothing else reaches the disk.
  toDisk: (settings) => ({ checkOwnNetwork: settings.checkOwnNetwork }),
};

export const readHealthSettings = (dataDir: string, log: (message: string) => void): Promise<HealthSettings> => readVersionedSettings(dataDir, HEALTH_SETTINGS, log);

export const writeHealthSettings = (dataDir: string, settings: HealthSettings): Promise<void> => writeVersionedSettings(dataDir, HEALTH_SETTINGS, settings);

export function createHealthSettingsStore(dataDir: string, log: (message: string) => void): HealthSettingsStore {
  return createVersionedSettingsStore(dataDir, HEALTH_SETTINGS, log, {
    what: 'the link health settings',
    normalize: (next) => ({ checkOwnNetwork: next.checkOwnNetwork === true }),
    copy: (settings) => ({ ...settings }),
  });
}
