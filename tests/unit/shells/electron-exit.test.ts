import { describe, expect, it } from 'vitest';
import { englishText } from '../../../electron/shared/message-ref.js';
import { earlyExitReason, earlyExitRef, SANDBOX_REASON, tail } from '../../../electron/web/electron-exit.js';
import { downloadFailedOnNode, nodeBlocksElectronDownload } from '../../../electron/web/shell-choice.js';

const exit = (over: Partial<Parameters<typeof earlyExitReason>[0]>) => ({ code: 0, signal: null, stderr: '', elapsedMs: 1500, ...over });

describe('an Electron that dies at start', () => {
  it("names Ubuntu's sandbox restriction from Chromium's messages", () => {
    for (const stderr of [
      '[12:0101/FATAL:setuid_sandbox_host.cc(163)] The SUID sandbox helper binary was found, but is not configured correctly. Rather than run without sandboxing I\'m aborting now.',
      '[12:FATAL:zygote_host_impl_linux.cc(127)] No usable sandbox! If you are running on Ubuntu 23.10+ …',
    ]) {
      expect(earlyExitReason(exit({ code: null, signal: 'SIGTRAP', stderr }))).toBe(SANDBOX_REASON);
    }
    expect(SANDBOX_REASON).toMatch(/AppArmor/);
  });

  it('says which signal or exit code, with the first error line', () => {
    expect(earlyExitReason(exit({ code: null, signal: 'SIGSEGV' }))).toBe('Electron was stopped by SIGSEGV before the Linkdeck window opened.');
    expect(earlyExitReason(exit({ code: 1, stderr: 'loading…\n[1:ERROR:gpu_init.cc(1)] GPU process failed to start\n' }))).toBe(
      'Electron exited with code 1 before the Linkdeck window opened (GPU process failed to start).',
    );
  });

  it('names a missing library and a missing display', () => {
    expect(earlyExitReason(exit({ code: 127, stderr: 'electron: error while loading shared libraries: libnss3.so: cannot open shared object file' }))).toMatch(
      /lacks the library libnss3\.so/,
    );
    expect(earlyExitReason(exit({ code: 1, stderr: 'Missing X server or $DISPLAY' }))).toMatch(/graphical display/);
  });

  it('gives the reason as a message key with Electron’s words as an argument', () => {
    expect(earlyExitRef(exit({ code: 1, stderr: '[1:ERROR:gpu_init.cc(1)] GPU process failed to start\n' }))).toEqual({
      key: 'desktop.electronExit.exitedWithCodeDetail',
      params: { code: '1', detail: 'GPU process failed to start' },
    });
    expect(earlyExitRef(exit({ code: 0 }))).toBeNull();
  });

  it('is no failed start when Electron ends cleanly (the person quit, or a second Linkdeck handed over)', () => {
    expect(earlyExitReason(exit({ code: 0, elapsedMs: 200 }))).toBeNull();
  });

  it('is no failed start after the first seconds', () => {
    expect(earlyExitReason(exit({ code: 1, elapsedMs: 60_000 }))).toBeNull();
    expect(earlyExitReason(exit({ code: null, signal: 'SIGKILL', elapsedMs: 60_000 }))).toBeNull();
  });

  it('keeps only the end of a long stderr', () => {
    expect(tail('abc', 'def', 4)).toBe('cdef');
  });
});

describe('Node and the Electron download', () => {
  it('lets the download run on Node 20.19+ and 22.12+ (require of ES modules)', () => {
    for (const v of ['v20.19.0', '20.20.2', '22.12.0', '24.1.0']) expect(nodeBlocksElectronDownload(v), v).toBeNull();
  });

  it('says in one sentence why Node 21 and 22.0-22.11 cannot fetch the binary', () => {
    const blocked = nodeBlocksElectronDownload('v22.11.0');
    expect(blocked).toEqual({ key: 'desktop.launch.nodeTooOld', params: { version: '22.11.0' } });
    expect(englishText(blocked!)).toBe(
      'The Electron binary is not installed, and Node 22.11.0 cannot run its download (Electron 45’s downloader needs Node 22.12 or later, or 20.19 or later on Node 20).',
    );
    expect(nodeBlocksElectronDownload('21.7.3')?.params).toEqual({ version: '21.7.3' });
    expect(nodeBlocksElectronDownload('18.20.0')?.params).toEqual({ version: '18.20.0' });
  });

  it("recognises Node's refusal in the download's output", () => {
    expect(downloadFailedOnNode("Error [ERR_REQUIRE_ESM]: require() of ES Module /x/@electron/get/dist/index.js not supported.")).toBe(true);
    expect(downloadFailedOnNode('TypeError: fetch failed')).toBe(false);
  });
});

describe('an Electron that dies at start, said in German (issue 44)', () => {
  it('says each reason in the terminal’s language, Electron’s own words as printed', async () => {
    const { createTranslator } = await import('../../../electron/shared/i18n/translate.js');
    const { SHARED_MESSAGES } = await import('../../../electron/shared/i18n/shared-messages.js');
    const de = createTranslator('de', SHARED_MESSAGES);
    expect(earlyExitReason(exit({ code: 127, stderr: 'electron: error while loading shared libraries: libnss3.so: cannot open shared object file' }), de)).toBe(
      'Electron kann nicht starten, weil auf diesem System die Bibliothek libnss3.so fehlt: Installieren Sie sie mit Ihrer Paketverwaltung, um das Linkdeck-Fenster zu nutzen.',
    );
    expect(earlyExitReason(exit({ code: 1, stderr: 'Missing X server or $DISPLAY' }), de)).toBe(
      'Electron konnte keine Verbindung zur grafischen Anzeige herstellen, daher kann sich das Linkdeck-Fenster nicht öffnen.',
    );
    expect(earlyExitReason(exit({ code: null, signal: 'SIGSEGV' }), de)).toBe('Electron wurde durch SIGSEGV beendet, bevor sich das Linkdeck-Fenster öffnete.');
    expect(earlyExitReason(exit({ code: 1, stderr: '[1:ERROR:gpu_init.cc(1)] GPU process failed to start\n' }), de)).toBe(
      'Electron wurde mit Code 1 beendet, bevor sich das Linkdeck-Fenster öffnete (GPU process failed to start).',
    );
    const sandbox = earlyExitReason(exit({ code: null, signal: 'SIGTRAP', stderr: 'No usable sandbox!' }), de);
    expect(sandbox).toMatch(/^Die Sandbox von Electron konnte auf diesem System nicht starten/);
    expect(sandbox).not.toBe(SANDBOX_REASON);
  });
});
