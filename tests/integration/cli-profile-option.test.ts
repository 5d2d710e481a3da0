import { rmSync } from 'node:fs';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ProfilesState, ProfileSummary } from '../../electron/shared/contract.js';
import { startTestService, type TestService } from '../support/service.js';
import {
  cliBundle,
  lines,
  localWorkspaceFolder,
  runCli,
  serviceLinks,
  startApp,
  value,
  type RunningApp,
} from './support/cli-harness.js';

/**
 * `--profile`: a command works on another profile than the app's current one without switching
 * the app (the router's link channels pinned to that profile: Backend.routerFor).
 */
describe('linkdeck --profile with the app running', () => {
  let dataDir: string;
  let local: ProfileSummary;
  let team: ProfileSummary;
  let remote: TestService;
  let app: RunningApp | null;

  beforeAll(async () => {
    await cliBundle();
  });
  beforeEach(async () => {
    ({ dataDir, profile: local } = await localWorkspaceFolder());
    remote = await startTestService();
    const running = await startApp(dataDir);
    app = running;
    team = await value<ProfileSummary>(running.backend, 'profiles:connect', {
      name: 'Team',
      baseUrl: remote.url,
      apiKey: remote.key,
    });
    await value(running.backend, 'profiles:switch', { id: local.id });
  });
  afterEach(async () => {
    await app?.close();
    await remote.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("shortens, lists and exports on the named profile; the app's current profile stays", async () => {
    const made = await runCli(dataDir, [
      'shorten',
      'https://example.com/for-the-team',
      '--profile',
      'team',
    ]);
    expect(made.code, made.stderr).toBe(0);
    expect(lines(made.stdout)).toEqual([expect.stringMatching(new RegExp(`^${remote.url}/\\w+$`))]);

    const listed = await runCli(dataDir, ['list', '--profile', 'Team', '--json']);
    expect(JSON.parse(listed.stdout)).toMatchObject({
      profile: 'Team',
      total: 1,
      links: [{ longUrl: 'https://example.com/for-the-team' }],
    });
    const exported = await runCli(dataDir, ['export', '--profile', team.id]);
    expect(exported.stdout).toContain('https://example.com/for-the-team');
    expect((await runCli(dataDir, ['list', '--json'])).stdout).toContain('"total":0');

    // At the services: the team's has the link, the local workspace's has none.
    const urls = await remote.api<{ data: { urls: { longurl: string }[] } }>('GET', '/api/urls');
    expect(urls.json.data.urls.map((u) => u.longurl)).toEqual(['https://example.com/for-the-team']);
    expect((await value<ProfilesState>(app!.backend, 'profiles:list')).currentId).toBe(local.id);
    await app!.close();
    app = null;
    expect(serviceLinks(dataDir)).toEqual([]);
  });

  it('refuses an import on another profile than the current one, in words', async () => {
    const run = await runCli(dataDir, ['import', '-', '--profile', 'Team'], {
      stdin: 'https://example.com/x\n',
    });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      /Imports go to the app’s current profile: switch to Team in the app, or leave out --profile/,
    );
  });
});
