import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';

/*
 * The command line's last English sentences (issue 44), said under LANG=de_DE.UTF-8: why a change
 * still waits after `sync --wait`, "Linkdeck is not running", "No browser could be started" and
 * the app hanging up before it answered. Each keeps its English `message` for logs and --json.
 */

const saved = { ...process.env };

/** The modules read the language once: loaded afresh under `lang`. */
async function inLanguage(lang: string) {
  vi.resetModules();
  for (const name of ['LANGUAGE', 'LC_ALL', 'LC_MESSAGES']) delete process.env[name];
  process.env['LANG'] = lang;
  return {
    i18n: await import('../../../electron/cli/i18n.js'),
    refs: await import('../../../electron/shared/message-ref.js'),
  };
}

const dirs: string[] = [];
const servers: Server[] = [];

afterEach(async () => {
  process.env = { ...saved };
  vi.resetModules();
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the last English of the command line, in German', () => {
  it('says why each change of `sync --wait` still waits, and keeps English for --json', async () => {
    const { i18n, refs } = await inLanguage('de_DE.UTF-8');
    const { waitingList } = await import('../../../electron/cli/commands/sync.js');
    const notSent = refs.msg('cli.sync.notSent');
    const offline = refs.msg('cli.held.offline');
    const waiting = [
      { opId: 'a', summary: 'go.example/a', reason: refs.englishText(notSent), reasonRef: notSent },
      { opId: 'b', summary: 'go.example/b', reason: refs.englishText(offline), reasonRef: offline },
      // A reason that came as words (no ref) is said as it came.
      { opId: 'c', summary: 'go.example/c', reason: 'socket hang up' },
    ];
    expect(waitingList(waiting, i18n.t)).toBe(
      'go.example/a (nicht gesendet); go.example/b (der Dienst ist nicht erreichbar); go.example/c (socket hang up)',
    );
    expect(waiting[0]?.reason).toBe('not sent');
    // A change the backend names as a message (summaryRef) is named in German too; --json keeps `summary`.
    const made = { opId: 'd', summary: 'Create a short link to https://example.org/x', summaryRef: refs.msg('errors.changeSummary.linkCreate', { url: 'https://example.org/x' }), reason: refs.englishText(notSent), reasonRef: notSent };
    expect(waitingList([made], i18n.t)).toBe('Kurzlink zu https://example.org/x erstellen (nicht gesendet)');
    expect(waitingList([made], i18n.tEnglish)).toBe('Create a short link to https://example.org/x (not sent)');
    expect(i18n.changeText({ summary: 'older backend words' })).toBe('older backend words');
    const sentence = i18n.t('cli.sync.syncedButWaiting', { profile: 'Arbeit', n: 2, list: waitingList(waiting.slice(0, 2), i18n.t) });
    expect(sentence).toBe(
      'Die Links von Arbeit sind synchronisiert, aber 2 Änderungen warten im Postausgang: go.example/a (nicht gesendet); go.example/b (der Dienst ist nicht erreichbar).',
    );
  });

  it('says "Linkdeck is not running" when a command works on its own and is asked to show a view', async () => {
    const { i18n } = await inLanguage('de_DE.UTF-8');
    const { notRunningHere } = await import('../../../electron/cli/session.js');
    const shown = notRunningHere();
    expect(shown.ok).toBe(false);
    if (shown.ok) throw new Error('show working on its own never succeeds');
    expect(shown.error.message).toBe('Linkdeck is not running.');
    expect(i18n.errorText(shown.error)).toBe('Linkdeck läuft nicht.');
  });

  it('says that no browser could be started, through the backend’s error', async () => {
    const { i18n, refs } = await inLanguage('de_DE.UTF-8');
    const { KeyedError } = await import('../../../electron/shared/keyed-error.js');
    const { toAppError } = await import('../../../electron/backend/app-error.js');
    // What session.ts and launch.ts throw from openExternal, as the backend hands it on.
    const info = toAppError(new KeyedError(refs.msg('errors.openExternal.noBrowser')));
    expect(info.message).toBe('No browser could be started.');
    expect(info.key).toBe('errors.openExternal.noBrowser');
    expect(i18n.errorText(info)).toBe('Es konnte kein Browser gestartet werden.');
  });

  it('says the app stopped before it answered, on the call it hung up on and on the next one', async () => {
    const { i18n } = await inLanguage('de_DE.UTF-8');
    const { connectClient } = await import('../../../electron/backend/command-line/client.js');
    const dir = mkdtempSync(join(tmpdir(), 'ld-hangup-'));
    dirs.push(dir);
    const address = { path: join(dir, 's.sock'), tokenFile: join(dir, 'token'), dir };
    writeFileSync(address.tokenFile, 'token');
    // An owner that hangs up on the first request without answering (a closing app).
    const server = createServer((socket) => socket.once('data', () => socket.destroy()));
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(address.path, resolve));
    const client = await connectClient(address);
    const first = await client.call('profiles:list').then(() => null, (e: unknown) => e as Error);
    await client.closed;
    const second = await client.call('profiles:list').then(() => null, (e: unknown) => e as Error);
    for (const error of [first, second]) {
      expect(error?.message).toBe('Linkdeck stopped before it answered.');
      expect(i18n.errorText(error!)).toBe('Linkdeck wurde beendet, bevor es geantwortet hat.');
    }
  });
});
