import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Backend } from '../../electron/backend/backend.js';
import { createBackend } from '../../electron/backend/create-backend.js';
import { MemorySecretStore } from '../../electron/backend/secrets/index.js';
import type { ProfileSummary, Result } from '../../electron/shared/contract.js';
import type { PublicAddressCheck } from '../../electron/shared/local-reach.js';
import { createTranslator } from '../../electron/shared/i18n/translate.js';
import { SHARED_MESSAGES } from '../../electron/shared/i18n/shared-messages.js';
import { renderMessage } from '../../electron/shared/message-ref.js';

/**
 * The public address asked for with no local workspace (another window removed it): the refusal
 * crosses the contract as a message key, so the settings say it in the person's language
 * (issue 44), next to the address field.
 */
describe('public address without a local workspace', () => {
  let dataDir = '';
  let backend: Backend | null = null;
  afterEach(async () => {
    await backend?.close();
    backend = null;
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses with a message key and the field, worded in German', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'linkdeck-public-keyed-'));
    backend = await createBackend({ dataDir, shell: 'web', secrets: new MemorySecretStore(), log: () => {} });
    const r = (await backend.router.dispatch('profiles:check-public-url', { address: 'https://go.example.org' })) as Result<unknown>;
    if (r.ok) throw new Error('an address was checked with no local workspace');
    expect(r.error.code).toBe('invalid-input');
    expect(r.error.key).toBe('errors.accounts.noLocalWorkspace');
    expect(r.error.details).toEqual({ field: 'address' });
    const german = renderMessage({ key: r.error.key! }, createTranslator('de', SHARED_MESSAGES));
    expect(german).toMatch(/lokale[rn]? Arbeitsbereich/);
    expect(german).not.toMatch(/local workspace/);
  });

  it('says why the workspace gave no check token as one German sentence when its key is gone from the session', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'linkdeck-public-keyed-'));
    const secrets = new MemorySecretStore();
    backend = await createBackend({ dataDir, shell: 'web', secrets, log: () => {} });
    const local = (await backend.router.dispatch('profiles:use-local', undefined)) as Result<ProfileSummary>;
    if (!local.ok) throw new Error(`profiles:use-local: ${local.error.message}`);
    // As after a restart without an OS keychain: the session no longer holds the workspace's key.
    await secrets.delete(local.value.id);
    const r = (await backend.router.dispatch('profiles:check-public-url', { address: 'https://go.example.org' })) as Result<PublicAddressCheck>;
    if (!r.ok) throw new Error(`profiles:check-public-url: ${r.error.message}`);
    expect(r.value.verified).toBe(false);
    expect(r.value.problemRef).toEqual({
      key: 'validation.addressCheck.noToken',
      params: { error: { key: 'validation.addressCheck.tokenNoKey' } },
    });
    expect(renderMessage(r.value.problemRef!, createTranslator('de', SHARED_MESSAGES))).toBe(
      'Der Dienst des Arbeitsbereichs hat kein Prüf-Token ausgegeben (der Arbeitsbereich hat in dieser Sitzung keinen Schlüssel). Läuft er?',
    );
  });
});
