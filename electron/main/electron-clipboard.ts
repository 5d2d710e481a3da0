import { clipboard } from 'electron';
import type { ClipboardPort } from '../backend/clipboard/ports.js';

/**
 * The OS clipboard's plain text. Electron 45 answers reads and writes with promises; the
 * clipboard watch awaits each read before its next poll, and each write before it compares again.
 * A failed write is logged and passed on, so the caller can say the text was not copied.
 */
export function electronClipboard(log: (message: string) => void): ClipboardPort {
  return {
    readText: () => clipboard.readText(),
    writeText: (text) =>
      clipboard.writeText(text).catch((error: unknown) => {
        log(`[clipboard] could not write: ${(error as Error).message}`);
        throw error;
      }),
  };
}
