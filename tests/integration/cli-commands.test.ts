import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ProfileSummary } from '../../electron/shared/contract.js';
import type { MirrorLinkPage } from '../../electron/shared/models.js';
import {
  cliBundle,
  lines,
  localWorkspaceFolder,
  runCli,
  serviceLinks,
  startApp,
  type CliRun,
  type RunningApp,
} from './support/cli-harness.js';

/**
 * Every `linkdeck` command against the real local service (the local workspace), run from the
 * bundle in its own process: once with no app running (the command opens the data itself), once
 * with the app running on the folder (the command asks it over the folder's socket).
 */
describe.each([
  { mode: 'without the app', withApp: false },
  { mode: 'with the app running', withApp: true },
])('linkdeck $mode', ({ withApp }) => {
  let dataDir: string;
  let profile: ProfileSummary;
  let app: RunningApp | null = null;
  const cli = (args: string[], options?: { stdin?: string; env?: Record<string, string> }) =>
    runCli(dataDir, args, options);
  /** Every output of the test, to check that no key ever appears in one. */
  const outputs: CliRun[] = [];
  const run = async (
    args: string[],
    options?: { stdin?: string; env?: Record<string, string> },
  ) => {
    const r = await cli(args, options);
    outputs.push(r);
    return r;
  };

  beforeAll(async () => {
    await cliBundle();
  });
  beforeEach(async () => {
    ({ dataDir, profile } = await localWorkspaceFolder());
    outputs.length = 0;
    if (withApp) app = await startApp(dataDir);
  });
  afterEach(async () => {
    // No key in anything the command printed (the app's key, when it runs; the command's own
    // key is recovered inside its process and never leaves it).
    const key = app ? await app.secrets.get(profile.id) : null;
    if (key) for (const o of outputs) expect(o.stdout + o.stderr).not.toContain(key);
    await app?.close();
    app = null;
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** The command was answered by the app when it runs (the app's mirror has it at once). */
  const appSees = async (alias: string) => {
    if (!app) return;
    const page = (await app.backend.router.dispatch('links:list', { q: alias })) as {
      ok: true;
      value: MirrorLinkPage;
    };
    expect(page.value.items.map((l) => l.alias)).toContain(alias);
  };

  it('profiles: the current one marked, as plain lines and as JSON', async () => {
    const plain = await run(['profiles']);
    expect(plain.code).toBe(0);
    expect(lines(plain.stdout)).toEqual([`*\tLocal workspace\tlocal\t${profile.baseUrl}\t`]);
    const json = await run(['profiles', '--json']);
    expect(JSON.parse(json.stdout)).toMatchObject({
      currentId: profile.id,
      profiles: [{ id: profile.id, name: 'Local workspace' }],
    });
  });

  it('shorten: arguments and stdin, short URLs in input order, each link once', async () => {
    const args = await run([
      'shorten',
      'https://example.com/first',
      'https://example.com/second',
      '--alias-free-check'.slice(0, 0) || 'https://example.com/third',
    ]);
    expect(args.code, args.stderr).toBe(0);
    const shorts = lines(args.stdout);
    expect(shorts).toHaveLength(3);
    for (const s of shorts) expect(s.startsWith(profile.baseUrl)).toBe(true);

    const piped = await run(['shorten', '-', '--json'], {
      stdin: 'https://example.com/fourth\n\n  https://example.com/fifth  \n',
    });
    expect(piped.code, piped.stderr).toBe(0);
    expect(JSON.parse(piped.stdout)).toMatchObject([
      {
        url: 'https://example.com/fourth',
        status: 'done',
        shortUrl: expect.stringMatching(/^http/),
      },
      {
        url: 'https://example.com/fifth',
        status: 'done',
        shortUrl: expect.stringMatching(/^http/),
      },
    ]);
    const aliased = await run(['shorten', 'https://example.com/launch', '--alias', 'launch']);
    expect(lines(aliased.stdout)).toEqual([`${profile.baseUrl}/launch`]);
    await appSees('launch');

    await app?.close();
    app = null;
    const made = serviceLinks(dataDir).map((l) => l.longUrl);
    expect(made).toEqual(
      ['first', 'second', 'third', 'fourth', 'fifth', 'launch'].map(
        (p) => `https://example.com/${p}`,
      ),
    );
    // The aliases printed are the service's, in the order the URLs were given.
    expect(shorts.map((s) => s.slice(profile.baseUrl.length + 1))).toEqual(
      serviceLinks(dataDir)
        .slice(0, 3)
        .map((l) => l.alias),
    );
  });

  it('shorten: a taken alias is refused by the service (1), a bad URL is bad usage (2)', async () => {
    expect((await run(['shorten', 'https://example.com/a', '--alias', 'taken'])).code).toBe(0);
    const taken = await run(['shorten', 'https://example.com/b', '--alias', 'taken']);
    expect(taken.code).toBe(1);
    expect(taken.stderr).toMatch(/https:\/\/example\.com\/b: .*(alias|taken|use)/i);
    expect(taken.stdout).toBe('');
    const bad = await run(['shorten', 'not a web address']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/not a web address/);
    const two = await run([
      'shorten',
      'https://example.com/x',
      'https://example.com/y',
      '--alias',
      'one',
    ]);
    expect(two.code).toBe(2);
    expect(two.stderr).toMatch(/--alias names one link/);
    expect(serviceLinksAfter()).not.toContain('https://example.com/x');
  });

  /** Long URLs in the service's database once the app (if any) is stopped. */
  function serviceLinksAfter(): string[] {
    return serviceLinks(dataDir).map((l) => l.longUrl);
  }

  it('find and list: from the mirror, plain, CSV and JSON, with how old the mirror is', async () => {
    await run(['shorten', 'https://example.com/spring-sale', '--alias', 'spring']);
    await run(['shorten', 'https://example.com/autumn', '--alias', 'autumn']);
    // The fourth field is the title the service made from the address; a sync brings it into the
    // mirror (the app also syncs on its own schedule): after `sync --wait` it is there, always.
    expect((await run(['sync', '--wait'])).code).toBe(0);
    const found = await run(['find', 'spring']);
    expect(found.code, found.stderr).toBe(0);
    expect(lines(found.stdout)).toEqual([
      `${profile.baseUrl}/spring\thttps://example.com/spring-sale\t0\texample.com/spring-sale\tspring`,
    ]);
    expect(found.stderr).toMatch(/1 link in the copy of Local workspace on this computer, synced /);

    const csv = await run(['list', '--csv', '--sort', 'alias', '--asc']);
    expect(lines(csv.stdout)[0]).toBe(
      'short_url,alias,long_url,title,clicks,date,domain,status,pending,failed',
    );
    expect(
      lines(csv.stdout)
        .slice(1)
        .map((l) => l.split(',')[1]),
    ).toEqual(['autumn', 'spring']);

    const limited = await run(['list', '--limit', '1', '--json']);
    const page = JSON.parse(limited.stdout) as { total: number; links: { alias: string }[] };
    expect(page.total).toBe(2);
    expect(page.links.map((l) => l.alias)).toEqual(['autumn']);
    expect((await run(['list', '--limit', 'many'])).code).toBe(2);
    expect((await run(['list', '--channel', 'No such channel'])).code).toBe(2);
  });

  it('stats: the figures of the detail; an unknown alias is refused (1)', async () => {
    await run(['shorten', 'https://example.com/stats', '--alias', 'counted']);
    const stats = await run(['stats', 'counted']);
    expect(stats.code, stats.stderr).toBe(0);
    expect(lines(stats.stdout)).toEqual(
      expect.arrayContaining([
        `Short URL\t${profile.baseUrl}/counted`,
        'Clicks\t0',
        'Unique clicks\t0',
      ]),
    );
    const json = await run(['stats', `${profile.baseUrl}/counted`, '--json']);
    expect(JSON.parse(json.stdout)).toMatchObject({
      link: { alias: 'counted' },
      stats: { clicks: 0, uniqueClicks: 0 },
    });
    const missing = await run(['stats', 'nothing-here']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/No link “nothing-here”/);
  });

  it('delete: asks first (no terminal: needs --yes), then deletes at the service', async () => {
    await run(['shorten', 'https://example.com/old', '--alias', 'old-promo']);
    const asked = await run(['delete', 'old-promo']);
    expect(asked.code).toBe(2);
    expect(asked.stderr).toMatch(/add --yes/);
    const deleted = await run(['delete', 'old-promo', '--yes']);
    expect(deleted.code, deleted.stderr).toBe(0);
    expect(lines(deleted.stdout)).toEqual([`${profile.baseUrl}/old-promo`]);
    expect((await run(['find', 'old-promo'])).stdout).toBe('');
    await app?.close();
    app = null;
    expect(serviceLinksAfter()).toEqual([]);
  });

  it('sync and outbox: up to date, nothing waiting', async () => {
    const sync = await run(['sync', '--wait']);
    expect(sync.code, sync.stderr).toBe(0);
    expect(sync.stderr).toMatch(/Local workspace is up to date/);
    const outbox = await run(['outbox']);
    expect(outbox.code).toBe(0);
    expect(outbox.stdout).toBe('');
    expect(outbox.stderr).toMatch(/Nothing waits in Local workspace[’']s outbox/);
    expect(JSON.parse((await run(['outbox', '--json'])).stdout)).toEqual([]);
  });

  it("import: the importer's dry run sends nothing; --yes imports", async () => {
    const file = join(dataDir, 'links.csv');
    writeFileSync(
      file,
      'URL,Alias\nhttps://example.com/one,imp-one\nhttps://example.com/two,imp-two\nnot a url,imp-bad\n',
    );
    const dry = await run(['import', file]);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stderr).toMatch(/3 rows: 2 to import, 1 with problems/);
    expect(dry.stderr).toMatch(/line 4: /);
    expect(dry.stderr).toMatch(/Dry run: nothing was sent/);
    const done = await run(['import', file, '--yes']);
    expect(done.code, done.stderr).toBe(0);
    expect(done.stderr).toMatch(/2 created/);
    await app?.close();
    app = null;
    expect(
      serviceLinks(dataDir)
        .map((l) => l.alias)
        .sort(),
    ).toEqual(['imp-one', 'imp-two']);
  });

  it("export: the app's CSV exporter over the mirror", async () => {
    await run(['shorten', 'https://example.com/exported', '--alias', 'exported']);
    const csv = await run(['export']);
    expect(csv.code, csv.stderr).toBe(0);
    const rows = lines(csv.stdout.replace(/^\ufeff/, ''));
    expect(rows[0]!.startsWith('id,alias,short_url,long_url')).toBe(true);
    expect(rows[1]).toContain(',exported,');
    const json = await run(['export', '--format', 'json']);
    expect(json.code).toBe(0);
    expect(json.stdout).toContain('"exported"');
  });

  // Six runs of the command, each its own Node process: more than the default 30 s on a busy machine.
  it('open: says in words what it cannot do here', { timeout: 120_000 }, async () => {
    await run(['shorten', 'https://example.com/o', '--alias', 'openme']);
    const inApp = await run(['open', 'openme']);
    expect(inApp.code).toBe(1);
    expect(inApp.stderr).toMatch(withApp ? /no window to show/ : /Linkdeck is not running/);
    // Under LANG=de_DE.UTF-8 the app's reason is German too, inside the German sentence (issue 44);
    // --json keeps its English words.
    const german = await run(['open', 'openme'], { env: { LANG: 'de_DE.UTF-8' } });
    expect(german.code).toBe(1);
    expect(german.stderr).toMatch(
      withApp
        ? /Dieses Linkdeck hat kein Fenster, das es zeigen könnte .* Der Kurzlink lautet /
        : /Linkdeck läuft nicht und kann .*\/openme daher nicht zeigen\./,
    );
    expect(german.stderr).not.toMatch(/no window to show|is not running/);
    const json = await run(['open', 'openme', '--json'], { env: { LANG: 'de_DE.UTF-8' } });
    expect(json.stdout).toMatch(withApp ? /no window to show.*The short link is/ : /Linkdeck is not running/);
    // No display here: no browser can start, and the short link is given instead.
    const browser = await run(['open', 'openme', '--browser']);
    expect(browser.code).toBe(1);
    expect(browser.stderr).toContain(`${profile.baseUrl}/openme`);
  });

  it('bad usage ends with 2 and says why on stderr', async () => {
    const unknown = await run(['shorten']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/missing required argument/);
    const profileMissing = await run(['list', '--profile', 'Nobody']);
    expect(profileMissing.code).toBe(2);
    expect(profileMissing.stderr).toMatch(/no profile “Nobody”\. Profiles: “Local workspace”\./);
    // The real bundle on a German terminal: the names in German quotation marks (issue 44);
    // --json keeps the English sentence.
    const german = await run(['list', '--profile', 'Nobody'], { env: { LANG: 'de_DE.UTF-8' } });
    expect(german.stderr).toMatch(/kein Profil „Nobody“\. Profile: „Local workspace“\./);
    const badSort = await run(['list', '--sort', 'size'], { env: { LANG: 'de_DE.UTF-8' } });
    expect(badSort.code).toBe(2);
    expect(badSort.stderr).toMatch(/Möglich sind: „date“, „clicks“, „title“, „alias“, „url“ oder „state“\./);
  });
});
