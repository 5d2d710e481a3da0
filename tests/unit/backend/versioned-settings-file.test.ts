import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createVersionedSettingsStore, readVersionedSettings, type VersionedSettingsFile } from '../../../electron/backend/versioned-settings-file.js';
import { createHealthSettingsStore } from '../../../electron/backend/health/health-settings.js';
import { createLanguageStore } from '../../../electron/backend/language/language-settings.js';

/*
 * The one helper behind the app-wide settings files (language.json, health-settings.json): a
 * version 1 file is read, anything else gives the defaults and is moved aside with the reason
 * logged, saves are written before they are answered, one at a time.
 */
interface Volume {
  level: number;
}
const VOLUME: VersionedSettingsFile<Volume> = {
  file: 'volume.json',
  tag: 'volume',
  field: 'settings',
  kind: 'volume file',
  defaults: () => ({ level: 5 }),
  fallback: 'the default volume is used',
  parse: (raw) => {
    const level = (raw as { level?: unknown } | null)?.level;
    return typeof level === 'number' ? { value: { level } } : { problem: 'level is not a number' };
  },
  toDisk: (v) => ({ level: v.level }),
};

let dir: string;
let logged: string[];
const log = (m: string) => logged.push(m);
const file = () => join(dir, 'volume.json');

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'linkdeck-settings-'));
  logged = [];
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('a versioned settings file', () => {
  it('gives the defaults without a file, and says nothing', async () => {
    expect(await readVersionedSettings(dir, VOLUME, log)).toEqual({ level: 5 });
    expect(logged).toEqual([]);
  });

  it('reads a version 1 file', async () => {
    writeFileSync(file(), JSON.stringify({ version: 1, settings: { level: 9 } }));
    expect(await readVersionedSettings(dir, VOLUME, log)).toEqual({ level: 9 });
    expect(readdirSync(dir)).toEqual(['volume.json']);
  });

  it.each([
    ['a newer version', JSON.stringify({ version: 2, settings: { level: 9 } }), 'it is not a version 1 volume file'],
    ['a value it cannot use', JSON.stringify({ version: 1, settings: { level: 'loud' } }), 'level is not a number'],
    ['no JSON', '{"version":1,', 'it is not JSON'],
  ])('moves aside %s, logs why and gives the defaults', async (_what, text, reason) => {
    writeFileSync(file(), text);
    expect(await readVersionedSettings(dir, VOLUME, log)).toEqual({ level: 5 });
    expect(readdirSync(dir)).toEqual([expect.stringMatching(/^volume\.json\.unreadable-\d+$/)]);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toContain(`[volume] ${file()} was not used: ${reason}`);
    expect(logged[0]).toMatch(/It was moved to .*; the default volume is used\.$/);
  });

  it('writes what is saved before answering, only the fields toDisk picks, and reads it back', async () => {
    const store = createVersionedSettingsStore(dir, VOLUME, log, { what: 'the volume', normalize: (v) => ({ level: Math.round(v.level) }) });
    const saves = [store.set({ level: 2.4 }), store.set({ level: 7, extra: true } as Volume)];
    expect(await saves[0]).toEqual({ level: 2 });
    expect(await saves[1]).toEqual({ level: 7 });
    expect(JSON.parse(readFileSync(file(), 'utf8'))).toEqual({ version: 1, settings: { level: 7 } });
    expect(await createVersionedSettingsStore(dir, VOLUME, log, { what: 'the volume' }).get()).toEqual({ level: 7 });
  });

  it('says a save that cannot be written as an internal error, logs it, and keeps the value it had', async () => {
    // A folder where the file should be: the atomic rename over it fails.
    const store = createVersionedSettingsStore(join(dir, 'sub'), VOLUME, log, { what: 'the volume' });
    expect(await store.get()).toEqual({ level: 5 });
    mkdirSync(join(dir, 'sub', 'volume.json'), { recursive: true });
    await expect(store.set({ level: 8 })).rejects.toMatchObject({ info: { code: 'internal' } });
    expect(logged.join('\n')).toMatch(/\[volume\] the volume could not be saved/);
    expect(await store.get()).toEqual({ level: 5 });
  });
});

describe('the two files that use it', () => {
  it('language.json and health-settings.json keep their shapes on disk', async () => {
    await createLanguageStore(dir, log).set('fr');
    await createHealthSettingsStore(dir, log).set({ checkOwnNetwork: true });
    expect(JSON.parse(readFileSync(join(dir, 'language.json'), 'utf8'))).toEqual({ version: 1, choice: 'fr' });
    expect(JSON.parse(readFileSync(join(dir, 'health-settings.json'), 'utf8'))).toEqual({ version: 1, settings: { checkOwnNetwork: true } });
    expect(await createLanguageStore(dir, log).get()).toBe('fr');
    expect(await createHealthSettingsStore(dir, log).get()).toEqual({ checkOwnNetwork: true });
  });
});
