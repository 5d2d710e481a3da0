import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Backend } from '../../electron/backend/backend.js';
import { createBackend } from '../../electron/backend/create-backend.js';
import type { DesktopShellPorts } from '../../electron/backend/desktop-ports.js';
import { MemorySecretStore } from '../../electron/backend/secrets/index.js';
import type { ClipboardSettings } from '../../electron/shared/clipboard-rules.js';
import type { Result } from '../../electron/shared/contract.js';
import type { ClipboardStatus, DesktopSettings } from '../../electron/shared/desktop.js';
import { FakeClipboard, FakeNotifier } from '../support/shell-clipboard-fakes.js';

/**
 * Issue 44: the clipboard watch speaks the person's language: the OS's (as the Electron shell
 * passes app.getPreferredSystemLanguages()) until a language is chosen in Settings, then that
 * one, at once. Real backend and embedded service; the OS clipboard and notifications are fakes.
 */
const desktopSettings: DesktopSettings = { available: true, closeToTray: true, hotkey: '', hotkeyRegistered: false, openAtLogin: false, openAtLoginSupported: false };
const WATCHING: ClipboardSettings = { enabled: true, paused: false, pollIntervalMs: 100, offline: 'queue', defaults: {}, rules: [] };

describe('clipboard watch notifications follow the language setting', () => {
  let dataDir: string;
  let backend: Backend | undefined;
  let waiters: { test: (s: ClipboardStatus) => boolean; resolve: (s: ClipboardStatus) => void }[];
  const clipboard = new FakeClipboard();
  const notifier = new FakeNotifier();

  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'linkdeck-clipboard-language-'));
    waiters = [];
  });
  afterEach(async () => {
    await backend?.close();
    backend = undefined;
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function value<T>(channel: string, arg?: unknown): Promise<T> {
    const r = (await backend!.router.dispatch(channel, arg)) as Result<T>;
    if (!r.ok) throw new Error(`${channel}: ${r.error.code} ${r.error.message}`);
    return r.value;
  }
  const nextStatus = (test: (s: ClipboardStatus) => boolean) => new Promise<ClipboardStatus>((resolve) => waiters.push({ test, resolve }));

  it('asks in German on a German system, then says a copied link in French once French is chosen', async () => {
    const desktop: DesktopShellPorts = { clipboard, notifier, settings: { get: () => desktopSettings, configure: async () => desktopSettings, onChange: () => () => {} } };
    backend = await createBackend({ dataDir, shell: 'electron', secrets: new MemorySecretStore(), log: () => {}, desktop, systemLanguages: () => ['de-DE', 'en-US'] });
    backend.subscribe((event, payload) => {
      if (event !== 'clipboard:changed') return;
      const status = payload as ClipboardStatus;
      waiters = waiters.filter((w) => (w.test(status) ? (w.resolve(status), false) : true));
    });
    await value('profiles:use-local');
    const watching = nextStatus((s) => s.status === 'watching');
    await value('clipboard:configure', WATCHING);
    await watching;

    const asked = nextStatus((s) => s.localQuestion === true);
    clipboard.copy('https://example.com/a/long/article?ref=mail');
    await asked;
    expect(notifier.shown.at(-1)).toMatchObject({
      kind: 'local-question',
      title: 'Kopierte Adressen durch lokale Links ersetzen?',
      actions: [{ id: 'local-replace', label: 'Trotzdem ersetzen' }, { id: 'local-keep', label: 'Zwischenablage nicht ändern' }],
    });

    await value('language:set', { choice: 'fr' });
    await value('clipboard:local-answer', { replace: true });
    const created = nextStatus((s) => s.lastAction?.kind === 'created');
    clipboard.copy('https://example.com/b');
    const status = await created;
    const shown = notifier.shown.at(-1);
    expect(shown?.title).toBe('Lien court copié');
    // The reach words of a workspace without a public address, in French too, found by the notice's kind.
    expect(shown?.body).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\S+ est dans le presse-papiers, pour https:\/\/example\.com\/b\. \S/);
    expect(shown?.body).not.toMatch(/Opens only|on the clipboard/);
    expect(status.lastAction?.message).toMatch(/est dans le presse-papiers/);
  });
});
