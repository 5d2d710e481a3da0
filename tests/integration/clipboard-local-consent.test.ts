import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Backend } from '../../electron/backend/backend.js';
import { createBackend } from '../../electron/backend/create-backend.js';
import type { DesktopShellPorts } from '../../electron/backend/desktop-ports.js';
import { MemorySecretStore } from '../../electron/backend/secrets/index.js';
import type { ClipboardSettings } from '../../electron/shared/clipboard-rules.js';
import type { ProfileSummary, Result } from '../../electron/shared/contract.js';
import type { ClipboardStatus, DesktopSettings } from '../../electron/shared/desktop.js';
import { FakeClipboard, FakeNotifier } from '../support/shell-clipboard-fakes.js';

/**
 * Issue 22: clipboard-watch shortening on the local workspace without a public address asks once
 * before it replaces anything; the answer is kept per profile. Real backend, real embedded
 * service; the OS clipboard and notifications are the shell's fakes.
 */
const desktopSettings: DesktopSettings = { available: true, closeToTray: true, hotkey: '', hotkeyRegistered: false, openAtLogin: false, openAtLoginSupported: false };
const WATCHING: ClipboardSettings = { enabled: true, paused: false, pollIntervalMs: 100, offline: 'queue', defaults: {}, rules: [] };

describe('clipboard watch on the local workspace: asks once before replacing', () => {
  let dataDir: string;
  let backend: Backend | undefined;
  let clipboard: FakeClipboard;
  let notifier: FakeNotifier;
  let waiters: { test: (s: ClipboardStatus) => boolean; resolve: (s: ClipboardStatus) => void }[];
  const secrets = new MemorySecretStore();

  async function start(): Promise<Backend> {
    const desktop: DesktopShellPorts = { clipboard, notifier, settings: { get: () => desktopSettings, configure: async () => desktopSettings, onChange: () => () => {} } };
    const made = await createBackend({ dataDir, shell: 'electron', secrets, log: () => {}, desktop });
    made.subscribe((event, payload) => {
      if (event !== 'clipboard:changed') return;
      const status = payload as ClipboardStatus;
      waiters = waiters.filter((w) => (w.test(status) ? (w.resolve(status), false) : true));
    });
    backend = made;
    return made;
  }
  async function value<T>(channel: string, arg?: unknown): Promise<T> {
    const r = (await backend!.router.dispatch(channel, arg)) as Result<T>;
    if (!r.ok) throw new Error(`${channel}: ${r.error.code} ${r.error.message}`);
    return r.value;
  }
  const nextStatus = (test: (s: ClipboardStatus) => boolean) => new Promise<ClipboardStatus>((resolve) => waiters.push({ test, resolve }));
  async function watch(): Promise<void> {
    const watching = nextStatus((s) => s.status === 'watching');
    await value('clipboard:configure', WATCHING);
    await watching;
  }

  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'linkdeck-clipboard-local-'));
    clipboard = new FakeClipboard();
    notifier = new FakeNotifier();
    waiters = [];
  });
  afterEach(async () => {
    await backend?.close();
    backend = undefined;
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('leaves the clipboard alone and asks; after "replace" it shortens, and the answer survives a restart', async () => {
    await start();
    const local = await value<ProfileSummary>('profiles:use-local');
    await watch();

    const url = 'https://example.com/a/long/article?ref=mail';
    const asked = nextStatus((s) => s.localQuestion === true);
    clipboard.copy(url);
    await asked;
    expect(notifier.shown.at(-1)).toMatchObject({ body: expect.stringMatching(/open only on this computer/), actions: [{ id: 'local-replace' }, { id: 'local-keep' }] });
    // Copies made meanwhile are left alone too, and the question is not asked twice.
    const seen = clipboard.nextRead();
    clipboard.copy('https://example.com/another');
    await seen;
    await clipboard.nextRead();
    expect(clipboard.writes).toEqual([]);
    expect(notifier.shown.filter((n) => n.actions.some((a) => a.id === 'local-replace'))).toHaveLength(1);

    expect(await value<ClipboardStatus>('clipboard:local-answer', { replace: true })).not.toHaveProperty('localQuestion');
    const created = nextStatus((s) => s.lastAction?.kind === 'created');
    clipboard.copy(`${url}&again=1`);
    await created;
    expect(clipboard.text.startsWith(`${local.baseUrl}/`)).toBe(true);

    await backend!.close();
    backend = undefined;
    clipboard = new FakeClipboard();
    notifier = new FakeNotifier();
    await start();
    await watch();
    const again = nextStatus((s) => s.lastAction?.kind === 'created');
    clipboard.copy('https://example.com/after/restart');
    await again;
    expect(clipboard.text.startsWith(`${local.baseUrl}/`)).toBe(true);
    expect(notifier.shown.some((n) => n.actions.some((a) => a.id === 'local-replace'))).toBe(false);
  });

  it('"leave it alone" is kept: nothing is replaced and nothing asked again', async () => {
    await start();
    await value<ProfileSummary>('profiles:use-local');
    await watch();
    const asked = nextStatus((s) => s.localQuestion === true);
    clipboard.copy('https://example.com/first');
    await asked;
    await value('clipboard:local-answer', { replace: false });
    const seen = clipboard.nextRead();
    clipboard.copy('https://example.com/second');
    await seen;
    await clipboard.nextRead();
    expect(clipboard.writes).toEqual([]);
    expect(notifier.shown).toHaveLength(1);
  });

  it('does not ask once the workspace has a public address', async () => {
    await start();
    const local = await value<ProfileSummary>('profiles:use-local');
    // Saved unverified (the name does not resolve): the links use it all the same.
    await value('profiles:set-public-url', { address: 'https://go.example.test' });
    await watch();
    const created = nextStatus((s) => s.lastAction?.kind === 'created');
    clipboard.copy('https://example.com/shared');
    await created;
    expect(clipboard.text.startsWith('https://go.example.test/')).toBe(true);
    expect(local.kind).toBe('local');
  });
});
