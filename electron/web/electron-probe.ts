import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { msg } from '../shared/message-ref.js';
import {
  downloadFailedOnNode,
  downloadFailureReason,
  electronUnavailableReason,
  nodeBlocksElectronDownload,
  type ElectronProbe,
} from './shell-choice.js';

// Run in a child Node: `require('electron')` downloads the binary when it is missing (electron
// 45 does so lazily) and throws when it cannot; its output must not spill over the launcher's.
const PROBE = `
const fs = require('fs');
let result;
try { result = { ok: true, path: String(require('electron')) }; }
catch (error) { result = { ok: false, message: String((error && error.message) || error) }; }
fs.writeSync(3, JSON.stringify(result));
`;

/** Whether the Electron binary is already in node_modules (no download needed). */
export function electronInstalled(root: string): boolean {
  return existsSync(join(root, 'node_modules', 'electron', 'path.txt'));
}

/** Finds the Electron binary, downloading it if needed. Never throws. */
export function probeElectron(root: string, timeoutMs = 15 * 60_000): Promise<ElectronProbe> {
  return new Promise((resolvePromise) => {
    let output = '';
    let result = '';
    const child = spawn(process.execPath, ['-e', PROBE], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
      timeout: timeoutMs,
    });
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    (child.stdio[3] as NodeJS.ReadableStream | null)?.on(
      'data',
      (chunk: Buffer) => (result += chunk.toString()),
    );
    child.on('error', (error) =>
      resolvePromise({ available: false, reason: electronUnavailableReason(error.message) }),
    );
    child.on('close', (code, signal) => {
      let parsed: { ok?: boolean; path?: unknown; message?: unknown } = {};
      try {
        parsed = JSON.parse(result) as typeof parsed;
      } catch {
        // The probe died before answering (timeout, killed): fall through with its output.
      }
      if (parsed.ok && typeof parsed.path === 'string' && existsSync(parsed.path)) {
        resolvePromise({ available: true, binary: parsed.path });
        return;
      }
      const thrown = typeof parsed.message === 'string' ? parsed.message : null;
      const detail = downloadFailureReason(output, thrown);
      resolvePromise({
        available: false,
        reason:
          (downloadFailedOnNode(output) ? nodeBlocksElectronDownload(process.versions.node) : null) ??
          (detail !== null
            ? electronUnavailableReason(detail)
            : signal
              ? msg('desktop.launch.downloadStopped', { signal })
              : msg('desktop.launch.downloadExited', { code: String(code) })),
      });
    });
  });
}
