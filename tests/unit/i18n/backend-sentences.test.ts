// @vitest-environment happy-dom
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mount } from '@vue/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { AccountError } from '../../../electron/backend/accounts/account-error.js';
import { portTakenRef } from '../../../electron/backend/accounts/local-port.js';
import { normaliseBaseUrl } from '../../../electron/backend/api/transport.js';
import { toAppError } from '../../../electron/backend/app-error.js';
import { createLanguageStore } from '../../../electron/backend/language/language-settings.js';
import { readNotOffered, writeNotOffered } from '../../../electron/backend/mirror/offered.js';
import { refuseNotOffered } from '../../../electron/backend/outbox/not-offered-guard.js';
import { createTranslator } from '../../../electron/shared/i18n/translate.js';
import { SHARED_MESSAGES } from '../../../electron/shared/i18n/shared-messages.js';
import { keyedErrorInfo } from '../../../electron/shared/errors.js';
import { msg, renderMessage } from '../../../electron/shared/message-ref.js';
import { unwrap } from '../../../renderer/src/bridge.js';
import NotOfferedNotice from '../../../renderer/src/components/NotOfferedNotice.vue';
import { errorText } from '../../../renderer/src/composables/error-text.js';
import { setAppLocale } from '../../../renderer/src/i18n/index.js';
import { tempProfileData } from '../mirror/support/temp-mirror.js';

/*
 * Issue 44: sentences the backend throws (a base URL, a setting that cannot be written, a change
 * refused before it is queued) and the "not offered" mark it keeps per collection reach the
 * person in their language; `message` keeps the English for logs and the command line.
 */

const rawKey = /\berrors\.[a-z][A-Za-z]*(\.[a-z][A-Za-z]*)?\b/;

/** What the router sends for a thrown error, read back as the renderer reads it. */
function overTheBoundary(thrown: unknown): unknown {
  try {
    unwrap(JSON.parse(JSON.stringify({ ok: false, error: toAppError(thrown) })));
  } catch (bridgeError) {
    return bridgeError;
  }
  throw new Error('the envelope did not fail');
}

function thrownBy(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('nothing was thrown');
}

afterEach(() => {
  document.body.innerHTML = '';
  setAppLocale('en');
});

describe('a base URL refused by the API client', () => {
  it('is English in `message` and German on screen', () => {
    const error = overTheBoundary(thrownBy(() => normaliseBaseUrl('ftp://links.example')));
    expect((error as Error).message).toBe('The base URL must start with http:// or https://.');
    setAppLocale('de');
    expect(errorText(error)).toBe('Die Basis-URL muss mit http:// oder https:// beginnen.');
  });
});

describe('the local workspace’s port taken by another program', () => {
  it('is English in `message` and French on screen, the port written as given', () => {
    const error = overTheBoundary(new AccountError('internal', portTakenRef(41234), { reason: 'port-taken', port: 41234 }));
    expect((error as Error).message).toMatch(/^Port 41234 of this computer is taken by another program/);
    setAppLocale('fr');
    expect(errorText(error)).toMatch(/^Le port 41234 de cet ordinateur est utilisé par un autre programme\u00a0: l’espace de travail local/);
  });
});

describe('a setting that cannot be written', () => {
  it('says so in Spanish, with the English kept for the log', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'linkdeck-i18n-setting-'));
    try {
      // A folder where the file must go: the write fails for real.
      const blocked = join(dir, 'blocked');
      writeFileSync(blocked, 'not a folder');
      const store = createLanguageStore(blocked, () => {});
      const error = overTheBoundary(await store.set('de').then(() => null, (e: unknown) => e));
      expect((error as Error).message).toBe('The setting could not be written to disk. Check that there is free space and try again.');
      setAppLocale('es');
      expect(errorText(error)).toBe('No se pudo guardar el ajuste en el disco. Comprueba que haya espacio libre y vuelve a intentarlo.');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('a collection the service does not offer', () => {
  const mark = msg('errors.notOffered.collection', { collection: 'channels', status: 404, shape: 'html', path: '/api/channels' });

  it('is kept with its key: the section says it in German, a change is refused in German', () => {
    const data = tempProfileData();
    try {
      data.mirror.write(['channels'], () => writeNotOffered(data.sql, 'channels', mark, Date.UTC(2030, 0, 1)));
      const kept = readNotOffered(data.sql, 'channels')!;
      expect(kept.message).toBe('This service does not offer channels: it answered HTTP 404 with a web page to GET /api/channels. It may be an older version; Linkdeck asks again on a refresh and every day.');

      setAppLocale('de');
      const notice = mount(NotOfferedNotice, { props: { what: 'Kanäle', collection: 'channels', notOffered: JSON.parse(JSON.stringify(kept)), askAgain: async () => {} } });
      const text = notice.get('.not-offered__text').text();
      expect(text).toContain('Dieser Dienst bietet keine Kanäle an: Auf GET /api/channels antwortete er mit HTTP 404 und einer Webseite.');
      expect(text).not.toMatch(rawKey);

      const refused = overTheBoundary(thrownBy(() => refuseNotOffered(data.sql, { kind: 'channel.create', input: { name: 'Sommer' } })));
      expect((refused as Error).message).toBe(`Not queued. ${kept.message}`);
      expect(errorText(refused)).toMatch(/^Nicht in den Postausgang gelegt\. Dieser Dienst bietet keine Kanäle an/);
    } finally {
      data.dispose();
    }
  });

  it('kept by an older version (English words only) is shown as it was kept', () => {
    setAppLocale('de');
    const old = { message: 'This service does not offer channels: it answered HTTP 404.', since: 0, checkedAt: 0, nextCheckAt: 0 };
    const notice = mount(NotOfferedNotice, { props: { what: 'Kanäle', collection: 'channels', notOffered: old, askAgain: async () => {} } });
    expect(notice.get('.not-offered__text').text()).toContain('This service does not offer channels: it answered HTTP 404.');
  });
});

describe('the command line door’s refusals', () => {
  it('carry a key the command line renders in German, and the English it printed before', () => {
    const info = keyedErrorInfo('invalid-input', msg('errors.commandLine.noWindow'));
    expect(info.message).toBe('This Linkdeck has no window to show (it runs in a browser or on its own).');
    const german = createTranslator('de', SHARED_MESSAGES);
    expect(renderMessage({ key: info.key! }, german)).toBe('Dieses Linkdeck hat kein Fenster, das es zeigen könnte (es läuft im Browser oder für sich allein).');
  });
});
