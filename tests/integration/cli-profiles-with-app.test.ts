import { describe, expect, it } from 'vitest';
import type { ProfilesState } from '../../electron/shared/contract.js';
import { appAndService } from './support/app-and-service.js';
import { runCli, value } from './support/cli-harness.js';

/** The profile commands with the app running: the app does the work, and its profiles change at once. */
describe('linkdeck profiles with the app running', () => {
  const world = appAndService('linkdeck-profiles-app-');

  it('add --local, add NAME --url (wrong key refused), use, status: in the app at once', { timeout: 180_000 }, async () => {
    const { dataDir, remote, app } = world;
    const local = await runCli(dataDir, ['profiles', 'add', '--local']);
    expect(local.code, local.stderr).toBe(0);
    let state = await value<ProfilesState>(app.backend, 'profiles:list');
    expect(state.profiles.map((p) => p.kind)).toEqual(['local']);
    expect(state.currentId).toBe(state.profiles[0]!.id);

    const wrong = await runCli(dataDir, ['profiles', 'add', 'Work', '--url', remote.url, '--key-stdin'], { stdin: 'wrong-key-123456' });
    expect(wrong.code).toBe(1);
    expect((await value<ProfilesState>(app.backend, 'profiles:list')).profiles).toHaveLength(1);

    const added = await runCli(dataDir, ['profiles', 'add', 'Work', '--url', remote.url, '--key-stdin'], { stdin: remote.key });
    expect(added.code, added.stderr).toBe(0);
    state = await value<ProfilesState>(app.backend, 'profiles:list');
    expect(state.profiles.map((p) => p.name)).toEqual(['Local workspace', 'Work']);
    // Not the first: the app's current profile stays the local workspace.
    expect(state.currentId).toBe(state.profiles[0]!.id);

    expect((await runCli(dataDir, ['profiles', 'use', 'Work'])).code).toBe(0);
    state = await value<ProfilesState>(app.backend, 'profiles:list');
    expect(state.profiles.find((p) => p.id === state.currentId)?.name).toBe('Work');

    const status = await runCli(dataDir, ['status', '--json']);
    expect(status.code, status.stderr).toBe(0);
    expect(JSON.parse(status.stdout)).toMatchObject({ profile: { name: 'Work' }, app: true, key: { found: true }, account: { email: expect.any(String) } });
    for (const r of [local, wrong, added, status]) expect(r.stdout + r.stderr).not.toContain(remote.key);
  });
});
