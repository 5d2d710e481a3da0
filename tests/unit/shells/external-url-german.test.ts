import { describe, expect, it } from 'vitest';
import { externalUrlRefusal } from '../../../electron/main/external-url.js';
import { SHARED_MESSAGES } from '../../../electron/shared/i18n/shared-messages.js';
import { createTranslator } from '../../../electron/shared/i18n/translate.js';
import { renderMessage } from '../../../electron/shared/message-ref.js';

/* Why the shell refuses to open a link (openExternalSafely) is a message, said here in German. */
const german = createTranslator('de', SHARED_MESSAGES);
const de = (url: unknown) => {
  const ref = externalUrlRefusal(url);
  return ref ? renderMessage(ref, german) : null;
};

describe('refusals to open a link, in German', () => {
  it.each([
    ['https://user:pass@example.com/', 'Links mit Benutzername oder Passwort vor dem Host werden nicht geöffnet: So wird oft eine andere Website getarnt.'],
    ['https://bank.example@evil.example/', 'Links mit Benutzername oder Passwort vor dem Host werden nicht geöffnet: So wird oft eine andere Website getarnt.'],
    ['file:///etc/passwd', 'Nur http- und https-Links können geöffnet werden.'],
    ['javascript:alert(1)', 'Nur http- und https-Links können geöffnet werden.'],
    ['not a url', 'Das ist kein Link, der sich öffnen lässt.'],
    [42, 'Das ist kein Link, der sich öffnen lässt.'],
  ])('says why %s is not opened', (url, expected) => {
    expect(de(url)).toBe(expected);
  });

  it('refuses nothing a browser may open', () => {
    expect(externalUrlRefusal('https://example.com/path?q=1')).toBeNull();
  });
});
