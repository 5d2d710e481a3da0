import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { toAppError } from '../../../electron/backend/app-error.js';
import { openProfileData, PROFILE_DATA_FILE } from '../../../electron/backend/mirror/profile-data.js';
import { openSqlite } from '../../../electron/backend/mirror/sqlite.js';
import { createTranslator } from '../../../electron/shared/i18n/translate.js';
import { SHARED_MESSAGES } from '../../../electron/shared/i18n/shared-messages.js';
import { renderMessage } from '../../../electron/shared/message-ref.js';

/**
 * A profile whose data a newer Linkdeck wrote cannot open here: the refusal reaches the person
 * (issue 44) as a message key, said in their language, not as “unexpected error”.
 */
let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

describe('profile data from a newer Linkdeck', () => {
  it('is refused with errors.profileData.newerSchema, worded in German', () => {
    dir = mkdtempSync(join(tmpdir(), 'linkdeck-newer-'));
    const sql = openSqlite(join(dir, PROFILE_DATA_FILE));
    sql.exec('PRAGMA user_version = 9999');
    sql.close();
    let thrown: unknown;
    try {
      openProfileData(dir);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Error);
    expect((thrown as Error).message).toMatch(/newer Linkdeck \(schema 9999\)/);
    const info = toAppError(thrown);
    expect(info.key).toBe('errors.profileData.newerSchema');
    const german = renderMessage({ key: info.key!, ...(info.params ? { params: info.params } : {}) }, createTranslator('de', SHARED_MESSAGES));
    expect(german).toBe('Die Daten dieses Profils wurden von einer neueren Linkdeck-Version geschrieben (Schema 9999); aktualisieren Sie Linkdeck, um sie zu öffnen.');
  });
});
