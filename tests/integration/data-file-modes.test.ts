import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createBackend } from '../../electron/backend/create-backend.js';
import { PROFILE_DATA_FILE, openProfileData } from '../../electron/backend/mirror/profile-data.js';
import { MemorySecretStore } from '../../electron/backend/secrets/index.js';
import { DB_FILE } from '../../electron/service/db.js';
import { startService } from '../../electron/service/start.js';
import { skipBecause } from '../support/skip-reason.js';

/*
 * Data folders 0700 and data files 0600, for the service's data folder and the app's (profiles,
 * mirror databases), also when the folder or file existed before with a wider mode. Node's
 * default mode under the usual umask 022 is 0755 / 0644, which is what these start from.
 */

const WINDOWS = skipBecause(
  process.platform === 'win32',
  'data-file-modes on Windows, which has no mode bits (the user profile folder ACL protects the data)',
);

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});
const tempRoot = () => {
  const root = mkdtempSync(join(tmpdir(), 'linkdeck-modes-'));
  roots.push(root);
  return root;
};
const mode = (path: string) => (statSync(path).mode & 0o777).toString(8);
/** Every file in `dir` starting with `prefix`, with its mode. */
const fileModes = (dir: string, prefix: string) =>
  Object.fromEntries(
    readdirSync(dir)
      .filter((name) => name.startsWith(prefix))
      .map((name) => [name, mode(join(dir, name))]),
  );

describe.skipIf(WINDOWS)('data file modes', () => {
  it('the service makes a new data folder 0700 and its database files 0600', async () => {
    const dir = join(tempRoot(), 'service-data');
    const service = await startService({ dataDir: dir, port: 0 });
    try {
      expect(mode(dir)).toBe('700');
      const files = fileModes(dir, DB_FILE);
      expect(Object.keys(files)).toEqual(expect.arrayContaining([DB_FILE, `${DB_FILE}-wal`, `${DB_FILE}-shm`]));
      for (const [name, m] of Object.entries(files)) expect(m, name).toBe('600');
    } finally {
      await service.close();
    }
  });

  it('the service narrows a data folder and database that existed with wider modes', async () => {
    const dir = join(tempRoot(), 'service-data');
    await (await startService({ dataDir: dir, port: 0 })).close();
    chmodSync(dir, 0o755);
    for (const name of Object.keys(fileModes(dir, DB_FILE))) chmodSync(join(dir, name), 0o644);

    const service = await startService({ dataDir: dir, port: 0 });
    try {
      expect(mode(dir)).toBe('700');
      for (const [name, m] of Object.entries(fileModes(dir, DB_FILE))) expect(m, name).toBe('600');
    } finally {
      await service.close();
    }
  });

  it("the app narrows its existing data folder, and a profile's mirror folder and database", async () => {
    const dataDir = join(tempRoot(), 'app-data');
    mkdirSync(dataDir, { mode: 0o755 });
    chmodSync(dataDir, 0o755);
    const backend = await createBackend({ dataDir, shell: 'web', appVersion: 'test', secrets: new MemorySecretStore({ reason: 'test' }) });
    await backend.close();
    expect(mode(dataDir)).toBe('700');

    const profileDir = join(dataDir, 'profiles', 'p1');
    openProfileData(profileDir).close();
    chmodSync(profileDir, 0o755);
    for (const name of Object.keys(fileModes(profileDir, PROFILE_DATA_FILE))) chmodSync(join(profileDir, name), 0o644);
    const data = openProfileData(profileDir);
    try {
      expect(mode(profileDir)).toBe('700');
      const files = fileModes(profileDir, PROFILE_DATA_FILE);
      expect(Object.keys(files)).toContain(PROFILE_DATA_FILE);
      for (const [name, m] of Object.entries(files)) expect(m, name).toBe('600');
    } finally {
      data.close();
    }
  });
});
