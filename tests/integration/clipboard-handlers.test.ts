import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Backend } from '../../electron/backend/backend.js';
import { createBackend } from '../../electron/backend/create-backend.js';
import type { DesktopSettingsPort, DesktopShellPorts } from '../../electron/backend/desktop-ports.js';
import { MemorySecretStore } from '../../electron/backend/secrets/index.js';
import type { ClipboardSettings } from '../../electron/shared/clipboard-rules.js';
import type { ProfileSummary, Result } from '../../electron/shared/contract.js';
import type { ClipboardStatus, DesktopSettings } from '../../electron/shared/desktop.js';
import { startTestService, type TestService } from '../support/service.js';
import { FakeClipboard, FakeNotifier } from '../support/shell-clipboard-fakes.js';
import { englishText, type MessageRef } from '../../electron/shared/message-ref.js';
import { WAYLAND_CLIPBOARD_REASON } from '../../electron/main/linux-session.js';

const desktopSettings: DesktopSettings = {
  available: true,
  closeToTray: true,
  hotkey: '',
  hotkeyRegistered: false,
  openAtLogin: false,
  openAtLoginSupported: false,
};
const fakeSettingsPort: DesktopSettingsPort = {
  get: () => desktopSettings,
  configure: async () => desktopSettings,
  onChange: () => () => {},
};

const WATCHING: ClipboardSettings = {
  enabled: true,
  paused: false,
  pollIntervalMs: 100,
  offline: 'queue',
  defaults: {},
  rules: [],
};

describe('clipboard channels wired with createBackend, against the real local service', () => {
  let dataDir: string;
  let remote: TestService;
  let backend: Backend | undefined;
  let secrets: MemorySecretStore;
  let clipboard: FakeClipboard;
  let notifier: FakeNotifier;
  let statuses: ClipboardStatus[];
  let logs: string[];
  let waiters: { test: (s: ClipboardStatus) => boolean; resolve: (s: ClipboardStatus) => void }[];

  async function start(options: { desktop: boolean; watchBlockedBy?: MessageRef }): Promise<Backend> {
    const desktop: DesktopShellPorts | undefined = options.desktop
      ? {
          clipboard,
          notifier,
          settings: fakeSettingsPort,
          ...(options.watchBlockedBy ? { clipboardWatch: { available: false as const, reason: options.watchBlockedBy } } : {}),
        }
      : undefined;
    const made = await createBackend({
      dataDir,
      shell: options.desktop ? 'electron' : 'web',
      secrets,
      log: (m) => logs.push(m),
      ...(desktop ? { desktop } : {}),
    });
    made.subscribe((event, payload) => {
      if (event !== 'clipboard:changed') return;
      const status = payload as ClipboardStatus;
      statuses.push(status);
      waiters = waiters.filter((w) => (w.test(status) ? (w.resolve(status), false) : true));
    });
    backend = made;
    return made;
  }

  async function call<T>(channel: string, arg?: unknown): Promise<Result<T>> {
    if (!backend) throw new Error('no backend');
    return (await backend.router.dispatch(channel, arg)) as Result<T>;
  }
  async function value<T>(channel: string, arg?: unknown): Promise<T> {
    const r = await call<T>(channel, arg);
    if (!r.ok) throw new Error(`${channel}: ${r.error.code} ${r.error.message}`);
    return r.value;
  }
  /** The first clipboard:changed (from now on) that passes the test. */
  function nextStatus(test: (s: ClipboardStatus) => boolean): Promise<ClipboardStatus> {
    return new Promise((resolve) => waiters.push({ test, resolve }));
  }
  const actionFor = (url: string, kind: string) => (s: ClipboardStatus) => s.lastAction?.copied === url && s.lastAction.kind === kind;

  async function linksOnService(): Promise<Array<{ id: number; longurl: string; shorturl: string }>> {
    const answer = await remote.api<{ data: { urls: Array<{ id: number; longurl: string; shorturl: string }> } }>('GET', '/api/urls?limit=100');
    return answer.json.data.urls;
  }

  async function connectRemote(): Promise<ProfileSummary> {
    return value<ProfileSummary>('profiles:connect', { name: 'Team', baseUrl: remote.url, apiKey: remote.key });
  }

  beforeEach(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'linkdeck-clipboard-'));
    remote = await startTestService({ rateLimit: 0 });
    secrets = new MemorySecretStore();
    clipboard = new FakeClipboard();
    notifier = new FakeNotifier();
    statuses = [];
    logs = [];
    waiters = [];
  });
  afterEach(async () => {
    await backend?.close();
    backend = undefined;
    await remote.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('shortens a copied URL through the outbox, puts the short URL on the clipboard, and reuses it the next time', async () => {
    await start({ desktop: true });
    const team = await connectRemote();
    expect(await value<ClipboardStatus>('clipboard:state')).toMatchObject({ available: true, enabled: false, status: 'off', profileId: team.id });

    const watching = nextStatus((s) => s.status === 'watching');
    await value('clipboard:configure', WATCHING);
    await watching;

    const url = 'https://example.com/articles/clipboard?ref=1';
    const created = nextStatus(actionFor(url, 'created'));
    clipboard.copy(url);
    const done = await created;

    const links = await linksOnService();
    expect(links).toHaveLength(1);
    expect(links[0]?.longurl).toBe(url);
    expect(clipboard.text).toBe(links[0]?.shorturl);
    expect(done.lastAction).toMatchObject({ shortUrl: links[0]?.shorturl, linkId: links[0]?.id, newLink: true, undoable: true });
    expect(done.profileId).toBe(team.id);
    expect(notifier.shown.at(-1)).toMatchObject({ title: 'Short link copied' });

    // Copying the same URL again later reuses the link from the mirror: still one link on the service.
    const seen = clipboard.nextRead();
    clipboard.copy('some words in between');
    await seen;
    const reused = nextStatus(actionFor(url, 'reused'));
    clipboard.copy(url);
    const again = await reused;
    expect(again.lastAction?.shortUrl).toBe(links[0]?.shorturl);
    expect(clipboard.text).toBe(links[0]?.shorturl);
    expect(await linksOnService()).toHaveLength(1);
  });

  it('on a desktop session that hides the clipboard (native Wayland), says so, never polls, and still writes', async () => {
    await start({ desktop: true, watchBlockedBy: WAYLAND_CLIPBOARD_REASON });
    const reason = englishText(WAYLAND_CLIPBOARD_REASON);
    const team = await connectRemote();
    let reads = 0;
    const readText = clipboard.readText.bind(clipboard);
    clipboard.readText = () => (reads++, readText());

    const chosen = nextStatus((s) => s.enabled && s.profileId === team.id);
    await value('clipboard:configure', WATCHING);
    const pushed = await chosen;
    // The reason as a ref too: the window words it in the language of the moment (issue 44).
    const expected = { available: false, limit: 'desktop-session', reason, reasonRef: WAYLAND_CLIPBOARD_REASON, enabled: true, status: 'off', profileId: team.id };
    expect(pushed).toMatchObject(expected);
    expect(await value<ClipboardStatus>('clipboard:state')).toMatchObject(expected);
    expect(reads).toBe(0);

    await value('clipboard:write', { text: 'https://sho.rt/abc' });
    expect(clipboard.writes).toEqual(['https://sho.rt/abc']);
  });

  it('undoes a shortening and deletes the link it made, on request', async () => {
    await start({ desktop: true });
    await connectRemote();
    await value('clipboard:configure', WATCHING);

    const url = 'https://example.org/to-undo';
    const created = nextStatus(actionFor(url, 'created'));
    clipboard.copy(url);
    const done = await created;
    expect(await linksOnService()).toHaveLength(1);

    const outcome = await value<{ restored: boolean; linkDeleted: boolean; message: string }>('clipboard:undo', { actionId: done.lastAction?.id, deleteLink: true });
    expect(outcome).toMatchObject({ restored: true, linkDeleted: true });
    expect(clipboard.text).toBe(url);
    expect(await linksOnService()).toHaveLength(0);
    const second = await call('clipboard:undo', { actionId: done.lastAction?.id });
    expect(second).toMatchObject({ ok: true, value: { restored: false, message: 'This was already undone.' } });
  });

  it('leaves URLs a deny rule matches, and short URLs of the profile, alone', async () => {
    await start({ desktop: true });
    const team = await connectRemote();
    await value('clipboard:configure', { ...WATCHING, rules: [{ match: 'private.example.com', action: 'deny', note: 'intranet' }] });

    for (const text of ['https://wiki.private.example.com/page', `${team.baseUrl}/abc123`]) {
      const seen = clipboard.nextRead();
      clipboard.copy(text);
      await seen;
    }
    const allowed = 'https://public.example.com/post';
    const created = nextStatus(actionFor(allowed, 'created'));
    clipboard.copy(allowed);
    await created;

    expect((await linksOnService()).map((l) => l.longurl)).toEqual([allowed]);
    expect(statuses.some((s) => s.lastAction && s.lastAction.copied !== allowed)).toBe(false);
  });

  it('does nothing while paused, and ignores what was copied while paused after resuming', async () => {
    await start({ desktop: true });
    await connectRemote();
    await value('clipboard:configure', WATCHING);

    const paused = await value<ClipboardStatus>('clipboard:pause', { paused: true });
    expect(paused).toMatchObject({ paused: true, status: 'paused' });
    expect(await value<ClipboardSettings>('clipboard:settings')).toMatchObject({ paused: true });
    clipboard.copy('https://example.com/copied-while-paused');

    const resumed = await value<ClipboardStatus>('clipboard:pause', { paused: false });
    expect(resumed.status).toBe('watching');
    const next = 'https://example.com/copied-after';
    const created = nextStatus(actionFor(next, 'created'));
    clipboard.copy(next);
    await created;
    expect((await linksOnService()).map((l) => l.longurl)).toEqual([next]);
  });

  it('writes Linkdeck’s own text to the clipboard without shortening it, and reads the URL on it', async () => {
    await start({ desktop: true });
    await connectRemote();
    await value('clipboard:configure', WATCHING);

    clipboard.copy('  https://example.com/on-the-clipboard \n');
    expect(await value('clipboard:read-url')).toEqual({ url: 'https://example.com/on-the-clipboard' });
    clipboard.copy('not a link');
    expect(await value('clipboard:read-url')).toEqual({ url: null });

    const own = 'https://example.com/written-by-linkdeck';
    await value('clipboard:write', { text: own });
    expect(clipboard.text).toBe(own);
    await clipboard.nextRead();
    await clipboard.nextRead();
    const later = 'https://example.com/copied-by-the-person';
    const created = nextStatus(actionFor(later, 'created'));
    clipboard.copy(later);
    await created;
    expect((await linksOnService()).map((l) => l.longurl)).toEqual([later]);
  });

  it('offline: queues the link in the outbox, or skips it, as set', async () => {
    await start({ desktop: true });
    await connectRemote();
    await value('clipboard:configure', WATCHING);
    await remote.close();

    const queuedUrl = 'https://example.com/made-later';
    // The action is published first, then the offline flag with it.
    const queued = nextStatus((s) => actionFor(queuedUrl, 'queued')(s) && s.offline);
    clipboard.copy(queuedUrl);
    const q = await queued;
    expect(q.lastAction).toMatchObject({ shortUrl: null, undoable: false });
    expect(clipboard.text).toBe(queuedUrl);
    const outbox = await value<Array<{ mutation: { kind: string; input?: { url: string } } }>>('outbox:list');
    expect(outbox.map((o) => o.mutation.input?.url)).toEqual([queuedUrl]);
    expect(notifier.shown.at(-1)?.title).toBe('Offline: link queued');

    await value('clipboard:configure', { ...WATCHING, offline: 'skip' });
    const skippedUrl = 'https://example.com/left-alone';
    const skipped = nextStatus(actionFor(skippedUrl, 'skipped'));
    clipboard.copy(skippedUrl);
    expect((await skipped).lastAction?.message).toMatch(/cannot reach the service/);
    expect((await value<unknown[]>('outbox:list')).length).toBe(1);
    remote = await startTestService({ rateLimit: 0 }); // afterEach closes it
  });

  it('in the web shell: says the watch is unavailable, saves settings, reads no URL and refuses to write', async () => {
    await start({ desktop: false });
    const team = await connectRemote();

    const state = await value<ClipboardStatus>('clipboard:state');
    expect(state).toMatchObject({ available: false, status: 'off', profileId: team.id, enabled: false });
    expect(state.reason).toMatch(/only in the Linkdeck desktop app/);
    expect(state.reasonRef).toEqual({ key: 'desktop.clipboard.webShellOnly' });

    const saved = await value<ClipboardSettings>('clipboard:configure', { ...WATCHING, rules: [{ match: 'example.com/blog/*', action: 'allow', defaults: { utm: { source: ' newsletter ' } } }] });
    expect(saved.rules[0]).toEqual({ match: 'example.com/blog/*', action: 'allow', defaults: { utm: { source: 'newsletter' } } });
    expect(await value('clipboard:settings')).toEqual(saved);
    expect(statuses.at(-1)).toMatchObject({ available: false, enabled: true, status: 'off' });

    expect(await value('clipboard:read-url')).toEqual({ url: null });
    const write = await call('clipboard:write', { text: 'https://example.com' });
    expect(write).toMatchObject({ ok: false, error: { code: 'invalid-input', message: expect.stringMatching(/cannot put text on the system clipboard/) } });
    const undo = await call('clipboard:undo', { actionId: 'clip-1' });
    expect(undo).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    expect(await value('clipboard:pause', { paused: true })).toMatchObject({ available: false, paused: true });
  });

  it('keeps each profile’s settings in its own file, across a restart', async () => {
    await start({ desktop: true });
    const team = await connectRemote();
    const teamSettings = { ...WATCHING, offline: 'skip' as const, rules: [{ match: 'news.example.com', action: 'allow' as const, defaults: { utm: { medium: 'social' } }, note: 'team news' }] };
    await value('clipboard:configure', teamSettings);

    const local = await value<ProfileSummary>('profiles:use-local');
    const switched = await value<ClipboardStatus>('clipboard:state');
    expect(switched).toMatchObject({ profileId: local.id, enabled: false, status: 'off' });
    expect(await value('clipboard:settings')).toMatchObject({ enabled: false, rules: [] });
    await value('clipboard:configure', { ...WATCHING, pollIntervalMs: 250, paused: true });

    const file = join(dataDir, 'profiles', team.id, 'clipboard.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ version: 1, settings: { offline: 'skip' } });

    await backend?.close();
    backend = undefined;
    await start({ desktop: true });
    expect(await value('clipboard:settings')).toEqual({ ...WATCHING, pollIntervalMs: 250, paused: true });
    expect(await value<ClipboardStatus>('clipboard:state')).toMatchObject({ profileId: local.id, status: 'paused', pollIntervalMs: 250 });
    // The watch restarts with the profile's settings and says so (clipboard:changed).
    const teamWatch = nextStatus((s) => s.profileId === team.id);
    await value('profiles:switch', { id: team.id });
    await teamWatch;
    expect((await value<ClipboardStatus>('clipboard:state')).profileId).toBe(team.id);
    expect(await value('clipboard:settings')).toEqual(teamSettings);
    expect(await value<ClipboardStatus>('clipboard:state')).toMatchObject({ status: 'watching' });
  });

  it('refuses invalid settings whole, with each problem for its field, and keeps the saved ones', async () => {
    await start({ desktop: true });
    await connectRemote();
    await value('clipboard:configure', WATCHING);

    const bad = await call('clipboard:configure', {
      ...WATCHING,
      pollIntervalMs: 50,
      rules: [
        { match: 'example.com', action: 'allow' },
        { match: '/(unclosed/', action: 'deny' },
        { match: 'go.example.com', action: 'deny', defaults: { channel: 3 } },
      ],
    });
    expect(bad).toMatchObject({ ok: false, error: { code: 'invalid-input', message: expect.stringMatching(/not saved: 3 fields/) } });
    const issues = (bad as unknown as { error: { details: { issues: Array<{ path: string[]; message: string }> } } }).error.details.issues;
    expect(issues.map((i) => i.path.join('.'))).toEqual(['pollIntervalMs', 'rules.1.match', 'rules.2.defaults']);
    expect(issues.every((i) => i.message.length > 10)).toBe(true);
    expect(await value('clipboard:settings')).toEqual(WATCHING);

    // A shape the contract's schema refuses is answered the same way, path and all.
    const shape = await call('clipboard:configure', { ...WATCHING, rules: [{ match: 'example.com', action: 'block' }] });
    expect(shape).toMatchObject({ ok: false, error: { code: 'invalid-input', details: { issues: [{ path: ['rules', '0', 'action'] }] } } });
  });

  it('starts with the defaults, and says so in the log, when the settings file is damaged', async () => {
    await start({ desktop: true });
    const team = await connectRemote();
    await value('clipboard:configure', WATCHING);
    await backend?.close();
    backend = undefined;

    const dir = join(dataDir, 'profiles', team.id);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'clipboard.json'), '{"version":1,"settings":{"enabled":true,"rules":[{"match":"/(/","action":"deny"}]}}');
    await start({ desktop: true });
    expect(await value('clipboard:settings')).toMatchObject({ enabled: false, rules: [] });
    expect(await value<ClipboardStatus>('clipboard:state')).toMatchObject({ status: 'off', profileId: team.id });
    expect(logs.some((l) => l.includes('clipboard.json was not used') && l.includes('moved to'))).toBe(true);
  });

  it('refuses settings while no profile is chosen, and answers the defaults', async () => {
    await start({ desktop: true });
    expect(await value('clipboard:settings')).toMatchObject({ enabled: false });
    expect(await value('clipboard:state')).toMatchObject({ profileId: null, status: 'off', available: true });
    const r = await call('clipboard:configure', WATCHING);
    expect(r).toMatchObject({ ok: false, error: { code: 'invalid-input', message: expect.stringMatching(/Choose the local workspace/) } });
  });
});
