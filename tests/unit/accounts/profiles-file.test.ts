import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  readProfilesFile,
  writeProfilesFile,
  type ProfilesData,
} from '../../../electron/backend/accounts/index.js';
import type { Profile } from '../../../electron/shared/profile-validation.js';
import { skipBecause } from '../../support/skip-reason.js';
import { capturingLogger, tempDir } from './fakes.js';

const profile = (id: string, name: string): Profile => ({
  id,
  name,
  baseUrl: 'https://links.example.com',
  kind: 'remote',
  createdAt: '2025-03-01T10:00:00.000Z',
});
const one: ProfilesData = {
  currentProfileId: 'aaaaaaaaaaaaaaaaaaaa',
  profiles: [profile('aaaaaaaaaaaaaaaaaaaa', 'One')],
};
const two: ProfilesData = {
  currentProfileId: 'bbbbbbbbbbbbbbbbbbbb',
  profiles: [profile('aaaaaaaaaaaaaaaaaaaa', 'One'), profile('bbbbbbbbbbbbbbbbbbbb', 'Two')],
};

let dir: ReturnType<typeof tempDir>;
beforeEach(() => (dir = tempDir()));
afterEach(() => dir.cleanup());
const file = () => join(dir.path, 'profiles.json');

describe('profiles.json', () => {
  it('reads back what was written; a missing file means no profiles', async () => {
    const log = capturingLogger();
    expect(await readProfilesFile(dir.path, log)).toEqual({ currentProfileId: null, profiles: [] });
    await writeProfilesFile(dir.path, two);
    expect(await readProfilesFile(dir.path, log)).toEqual(two);
    expect(JSON.parse(readFileSync(file(), 'utf8')).version).toBe(1);
  });

  it.skipIf(skipBecause(process.platform === 'win32', 'profiles.json modes on Windows, which has no mode bits (the user profile folder ACL protects it)'))('is readable by its owner only', async () => {
    await writeProfilesFile(dir.path, one);
    expect(statSync(file()).mode & 0o777).toBe(0o600);
    await writeProfilesFile(dir.path, two);
    expect(statSync(file()).mode & 0o777).toBe(0o600);
  });

  it('is replaced by renaming a complete temporary file, never rewritten in place', async () => {
    await writeProfilesFile(dir.path, one);
    const before = readFileSync(file(), 'utf8');
    let seen: { temp: string; target: string; sameDir: boolean } | undefined;
    await writeProfilesFile(dir.path, two, {
      beforeRename: (tempPath) => {
        seen = {
          temp: readFileSync(tempPath, 'utf8'),
          target: readFileSync(file(), 'utf8'),
          sameDir: tempPath.startsWith(dir.path),
        };
      },
    });
    expect(seen?.target).toBe(before);
    expect(JSON.parse(seen!.temp)).toMatchObject({ currentProfileId: two.currentProfileId });
    expect(seen?.sameDir).toBe(true);
    expect(readFileSync(file(), 'utf8')).toBe(seen?.temp);
    expect(readdirSync(dir.path)).toEqual(['profiles.json']);
  });

  it('keeps the old file intact and leaves no temporary file when a write fails', async () => {
    await writeProfilesFile(dir.path, one);
    const before = readFileSync(file(), 'utf8');
    await expect(
      writeProfilesFile(dir.path, two, {
        beforeRename: () => {
          throw new Error('disk full');
        },
      }),
    ).rejects.toThrow('disk full');
    expect(readFileSync(file(), 'utf8')).toBe(before);
    expect(readdirSync(dir.path)).toEqual(['profiles.json']);
  });

  it('writes only the profile fields, whatever else an object carries', async () => {
    const withExtras = {
      ...profile('aaaaaaaaaaaaaaaaaaaa', 'One'),
      apiKey: 'sk_should_never_be_written',
    } as Profile;
    await writeProfilesFile(dir.path, { currentProfileId: null, profiles: [withExtras] });
    expect(readFileSync(file(), 'utf8')).not.toContain('sk_should_never_be_written');
  });

  it('drops fields it does not know when reading, so a hand-added key is gone at the next write', async () => {
    writeFileSync(
      file(),
      JSON.stringify({
        version: 1,
        currentProfileId: null,
        profiles: [{ ...profile('aaaaaaaaaaaaaaaaaaaa', 'One'), apiKey: 'sk_hand_added' }],
      }),
    );
    const data = await readProfilesFile(dir.path, capturingLogger());
    expect(data.profiles[0]).toEqual(profile('aaaaaaaaaaaaaaaaaaaa', 'One'));
    await writeProfilesFile(dir.path, data);
    expect(readFileSync(file(), 'utf8')).not.toContain('sk_hand_added');
  });

  it('moves an unreadable file aside instead of failing or losing it', async () => {
    writeFileSync(file(), '{"version":1,"profiles":[{"id":"../../etc"');
    const log = capturingLogger();
    expect(await readProfilesFile(dir.path, log)).toEqual({ currentProfileId: null, profiles: [] });
    expect(existsSync(file())).toBe(false);
    const aside = readdirSync(dir.path).filter((f) => f.startsWith('profiles.json.unreadable-'));
    expect(aside).toHaveLength(1);
    expect(readFileSync(join(dir.path, aside[0]!), 'utf8')).toContain('../../etc');
    expect(log.lines.join('\n')).toMatch(/could not be read.*moved to/);
  });

  it('refuses ids that are not safe as directory names', async () => {
    writeFileSync(
      file(),
      JSON.stringify({
        version: 1,
        currentProfileId: null,
        profiles: [profile('../outside', 'Evil')],
      }),
    );
    expect((await readProfilesFile(dir.path, capturingLogger())).profiles).toEqual([]);
  });

  it('forgets a current id that names no profile', async () => {
    writeFileSync(
      file(),
      JSON.stringify({
        version: 1,
        currentProfileId: 'cccccccccccccccccccc',
        profiles: one.profiles,
      }),
    );
    expect((await readProfilesFile(dir.path, capturingLogger())).currentProfileId).toBeNull();
  });
});
