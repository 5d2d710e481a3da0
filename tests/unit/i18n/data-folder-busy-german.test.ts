import { describe, expect, it } from 'vitest';
import { AppAlreadyRunning, alreadyRunningRef } from '../../../electron/backend/command-line/app-door.js';
import { DataDirBusy } from '../../../electron/backend/command-line/app-backend.js';
import { SHARED_MESSAGES } from '../../../electron/shared/i18n/shared-messages.js';
import { createTranslator } from '../../../electron/shared/i18n/translate.js';
import { renderMessage } from '../../../electron/shared/message-ref.js';

/*
 * Issue 44: "Linkdeck is already running on this folder" reaches the start-up dialog in the
 * shell's language (main/index.ts renders DataDirBusy's ref with the shell's translator), its
 * English stays the error's message for logs.
 */
describe('the data folder busy sentence', () => {
  const busy = new DataDirBusy('claim failed', { cause: new AppAlreadyRunning(alreadyRunningRef('/home/anna/.linkdeck', 4242)) });

  it('is said in German with the folder and process as given', () => {
    const german = renderMessage(busy.ref!, createTranslator('de', SHARED_MESSAGES));
    expect(german).toBe('Linkdeck läuft bereits mit /home/anna/.linkdeck (Prozess 4242). Verwenden Sie dieses Fenster oder geben Sie diesem einen eigenen Ordner mit LINKDECK_DATA_DIR.');
    expect(german).not.toMatch(/errors\.|already running|Use that window/);
  });

  it('keeps the English words as the cause’s message, and has no ref for another cause', () => {
    expect(busy.cause).toBeInstanceOf(AppAlreadyRunning);
    expect((busy.cause as Error).message).toBe('Linkdeck is already running on /home/anna/.linkdeck (process 4242). Use that window, or give this one its own folder with LINKDECK_DATA_DIR.');
    expect(new DataDirBusy('socket error', { cause: new Error('EACCES') }).ref).toBeUndefined();
  });
});
