import { describe, expect, it } from 'vitest';
import { KeychainSecretStore } from '../../../electron/backend/secrets/index.js';
import { SHARED_MESSAGES } from '../../../electron/shared/i18n/shared-messages.js';
import { createTranslator } from '../../../electron/shared/i18n/translate.js';
import { errorRefOf } from '../../../electron/shared/keyed-error.js';
import { msg, renderMessage, type MessageRef } from '../../../electron/shared/message-ref.js';
import { failingKeychain } from './fake-keychain.js';

/*
 * A failing keychain call says so as a message ref (issue 44): the sentence is the person's
 * language, the module's own words stay as they came (minus the secret).
 */
const KEY = 'sk_live_0123456789abcdefghijklmnop';
const german = createTranslator('de', SHARED_MESSAGES);
const de = (ref: MessageRef) => renderMessage(ref, german);

async function refOf(call: Promise<unknown>): Promise<MessageRef> {
  const error = await call.then(
    () => new Error('expected a rejection'),
    (e: unknown) => e,
  );
  const ref = errorRefOf(error);
  if (!ref) throw new Error(`no message ref on ${String(error)}`);
  return ref;
}

describe('keychain failures in German', () => {
  const store = new KeychainSecretStore(failingKeychain());

  it('words a failed read, save and delete in German around the module’s own words', async () => {
    expect(de(await refOf(store.get('p1')))).toBe(
      'Ein Schlüssel konnte nicht aus dem Schlüsselbund des Systems gelesen werden: Cannot autolaunch D-Bus without X11 $DISPLAY',
    );
    expect(de(await refOf(store.delete('p1')))).toBe(
      'Ein Schlüssel konnte nicht aus dem Schlüsselbund des Systems gelöscht werden: The keyring is locked',
    );
    const saved = de(await refOf(store.set('p1', KEY)));
    expect(saved).toBe(
      'Der Schlüssel konnte nicht im Schlüsselbund des Systems gespeichert werden: rejected secret [redacted]',
    );
    expect(saved).not.toContain(KEY);
  });

  it('reads as one German sentence inside the profile error that carries it', async () => {
    const reason = await refOf(store.set('p1', KEY));
    const text = de(msg('errors.accounts.keyNotSaved', { reason }));
    expect(text).toBe(
      'Der Schlüssel konnte nicht gespeichert werden: Der Schlüssel konnte nicht im Schlüsselbund des Systems gespeichert werden: rejected secret [redacted]',
    );
    expect(text).not.toMatch(/errors\.|Could not|OS keychain/);
  });
});
